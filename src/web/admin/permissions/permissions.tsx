/** /admin/permissions (SPEC §2.18): role and user permissions, a client-only route module. */
import { clientOnly } from "~/admin/common/client-only.tsx";
import { PermissionsScreen } from "./permissions-screen.tsx";
import { PERMISSION_TEXTS } from "./permissions-texts.ts";

export const { clientLoader, HydrateFallback, meta } = clientOnly({ title: PERMISSION_TEXTS.title });
export default PermissionsScreen;
