/** /admin/projects (SPEC §2.12), a client-only route module. */

import { clientOnly } from "~/admin/common/client-only.tsx";
import { CardGridSkeleton } from "~/admin/common/list-screen.tsx";
import { PROJECT_TEXTS } from "~/admin/common/project-texts.ts";
import { ProjectsScreen } from "./projects-screen.tsx";

export const { clientLoader, HydrateFallback, meta } = clientOnly({
  title: PROJECT_TEXTS.title,
  fallback: () => <CardGridSkeleton cardClassName="h-72" />,
});
export default ProjectsScreen;
