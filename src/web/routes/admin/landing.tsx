/** Placeholder admin screen (issue 6 fills it): client-only route module. */

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return null;
}

export function meta() {
  return [{ title: "صفحات الهبوط" }];
}

export default function LandingScreen() {
  return <h1 className="text-2xl font-bold">صفحات الهبوط</h1>;
}
