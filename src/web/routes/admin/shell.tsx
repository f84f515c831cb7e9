export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;
export function HydrateFallback() {
  return null;
}
export default function Shell() {
  return <main>shell</main>;
}
