export default function Page() {
  return <main>all-projects</main>;
}
