/** /admin/employees (SPEC §2.17): the employees screen, a client-only route module. */
import { clientOnly } from "~/admin/common/client-only.tsx";
import { EmployeesScreen } from "./employees-screen.tsx";
import { EMPLOYEE_TEXTS } from "./employees-texts.ts";

export const { clientLoader, HydrateFallback, meta } = clientOnly({ title: EMPLOYEE_TEXTS.title });
export default EmployeesScreen;
