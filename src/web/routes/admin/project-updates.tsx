/** Placeholder admin screen (issue 4 fills it): client-only route module. */

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return null;
}

export function meta() {
  return [{ title: "تحديثات المشاريع" }];
}

export default function ProjectUpdatesScreen() {
  return <h1 className="text-2xl font-bold">تحديثات المشاريع</h1>;
}
