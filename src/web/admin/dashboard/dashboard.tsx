/** /admin, the dashboard (SPEC §2.11), a client-only route module. */
import { TEXTS } from "#domain/texts.ts";
import { clientOnly } from "~/admin/common/client-only.tsx";
import { DashboardScreen, DashboardSkeleton } from "./dashboard-screen.tsx";

export const { clientLoader, HydrateFallback, meta } = clientOnly({
  title: TEXTS.adminProductName,
  fallback: DashboardSkeleton,
});
export default DashboardScreen;
