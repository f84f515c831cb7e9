/** /admin/account: the signed-in user's own account (password, sessions, two-factor), a client-only route module. */
import { clientOnly } from "~/admin/common/client-only.tsx";
import { AccountScreen } from "./account-screen.tsx";
import { ACCOUNT_TEXTS } from "./texts.ts";

export const { clientLoader, HydrateFallback, meta } = clientOnly({ title: ACCOUNT_TEXTS.title });
export default AccountScreen;
