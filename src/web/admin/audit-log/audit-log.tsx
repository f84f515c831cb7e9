/** /admin/audit-log (ARCHITECTURE resolution 8): the audit log viewer, a client-only route module. */

import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { AUDIT_TEXTS, AuditLogScreen } from "./audit-log-screen.tsx";

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
  return [{ title: AUDIT_TEXTS.title }];
}

export default function AuditLogRoute() {
  return <AuditLogScreen />;
}
