/** Placeholder admin screen (issue 5 fills it): client-only route module. */

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return null;
}

export function meta() {
  return [{ title: "بيانات الوحدة" }];
}

export default function UnitFormScreen() {
  return <h1 className="text-2xl font-bold">بيانات الوحدة</h1>;
}
