/** Placeholder admin screen (issue 7 fills it): client-only route module. */

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return null;
}

export function meta() {
  return [{ title: "إدارة الصلاحيات" }];
}

export default function PermissionsScreen() {
  return <h1 className="text-2xl font-bold">إدارة الصلاحيات</h1>;
}
