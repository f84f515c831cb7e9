export default function Page() {
  return <main>update</main>;
}
