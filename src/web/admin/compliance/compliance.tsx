/** /admin/compliance (docs/compliance.md): «الامتثال والتراخيص», a client-only route module. */
import { clientOnly } from "~/admin/common/client-only.tsx";
import { ComplianceScreen } from "./compliance-screen.tsx";
import { COMPLIANCE_TEXTS } from "./compliance-texts.ts";

export const { clientLoader, HydrateFallback, meta } = clientOnly({ title: COMPLIANCE_TEXTS.title });
export default ComplianceScreen;
