/** /admin/project-updates (SPEC §2.13), a client-only route module. */
import { clientOnly } from "~/admin/common/client-only.tsx";
import { CardGridSkeleton } from "~/admin/common/list-screen.tsx";
import { UPDATE_TEXTS } from "~/admin/common/project-texts.ts";
import { ProjectUpdatesScreen } from "./project-updates-screen.tsx";

export const { clientLoader, HydrateFallback, meta } = clientOnly({
  title: UPDATE_TEXTS.title,
  fallback: () => <CardGridSkeleton cardClassName="h-64" />,
});
export default ProjectUpdatesScreen;
