/** /admin/audit-log (ARCHITECTURE resolution 8): the audit log viewer, a client-only route module. */
import { clientOnly } from "~/admin/common/client-only.tsx";
import { AuditLogScreen } from "./audit-log-screen.tsx";
import { AUDIT_TEXTS } from "./audit-texts.ts";

export const { clientLoader, HydrateFallback, meta } = clientOnly({ title: AUDIT_TEXTS.title });
export default AuditLogScreen;
