export default function Page() {
  return <main>project</main>;
}
