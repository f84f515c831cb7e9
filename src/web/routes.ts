/** The route table of SPEC §2.1. Admin screens are client-only modules under routes/admin. */
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("all-projects", "routes/public/all-projects.tsx"),
    route("project/:id", "routes/public/project.tsx"),
    route("all-updates", "routes/public/all-updates.tsx"),
    route("update/:id", "routes/public/update.tsx"),
  ]),
  route("admin/login", "routes/admin/login.tsx"),
  layout("routes/admin/shell.tsx", [route("admin", "routes/admin/dashboard.tsx")]),
  layout("routes/public/layout.tsx", { id: "not-found-layout" }, [route("*", "routes/public/not-found.tsx")]),
] satisfies RouteConfig;
