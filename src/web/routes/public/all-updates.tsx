export default function Page() {
  return <main>all-updates</main>;
}
