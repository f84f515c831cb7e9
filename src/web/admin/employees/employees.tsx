/** /admin/employees (SPEC §2.17): the employees screen, a client-only route module. */

import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { EmployeesScreen } from "./employees-screen.tsx";
import { EMPLOYEE_TEXTS } from "./employees-texts.ts";

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
  return [{ title: EMPLOYEE_TEXTS.title }];
}

export default function EmployeesRoute() {
  return <EmployeesScreen />;
}
