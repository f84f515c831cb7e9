/** /admin/conversions: the campaigns report, ad-platform connections and delivery log; a client-only route module. */
import { clientOnly } from "~/admin/common/client-only.tsx";
import { ConversionsScreen } from "./conversions-screen.tsx";
import { CONVERSIONS_TEXTS } from "./texts.ts";

export const { clientLoader, HydrateFallback, meta } = clientOnly({ title: CONVERSIONS_TEXTS.title });
export default ConversionsScreen;
