/** Placeholder admin screen (issue 6 fills it): client-only route module. */

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return null;
}

export function meta() {
  return [{ title: "تفاصيل المشروع" }];
}

export default function ProjectDetailScreen() {
  return <h1 className="text-2xl font-bold">تفاصيل المشروع</h1>;
}
