/** /admin/permissions (SPEC §2.18): role and user permissions, a client-only route module. */

import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { PermissionsScreen } from "./permissions-screen.tsx";
import { PERMISSION_TEXTS } from "./permissions-texts.ts";

/** Client-only route: the screen's queries load the data. */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-64" />
    </div>
  );
}

export function meta() {
  return [{ title: PERMISSION_TEXTS.title }];
}

export default function PermissionsRoute() {
  return <PermissionsScreen />;
}
