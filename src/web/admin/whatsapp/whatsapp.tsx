/** /admin/whatsapp: «واتساب للأعمال», the connection, its health and templates; a client-only route module. */
import { clientOnly } from "~/admin/common/client-only.tsx";
import { WHATSAPP_SCREEN_TEXTS } from "./texts.ts";
import { WhatsappScreen } from "./whatsapp-screen.tsx";

export const { clientLoader, HydrateFallback, meta } = clientOnly({ title: WHATSAPP_SCREEN_TEXTS.title });
export default WhatsappScreen;
