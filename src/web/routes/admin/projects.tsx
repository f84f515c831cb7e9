/** Placeholder admin screen (issue 4 fills it): client-only route module. */

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return null;
}

export function meta() {
  return [{ title: "إدارة المشاريع" }];
}

export default function ProjectsScreen() {
  return <h1 className="text-2xl font-bold">إدارة المشاريع</h1>;
}
