/** /admin/lead-forms: «نماذج المنصات», the ad platforms' lead-form connections; a client-only route module. */
import { clientOnly } from "~/admin/common/client-only.tsx";
import { LeadFormsScreen } from "./lead-forms-screen.tsx";
import { LEAD_FORMS_SCREEN_TEXTS } from "./texts.ts";

export const { clientLoader, HydrateFallback, meta } = clientOnly({ title: LEAD_FORMS_SCREEN_TEXTS.title });
export default LeadFormsScreen;
