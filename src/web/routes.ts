/** The route table of SPEC §2.1. Admin screens are client-only modules under routes/admin. */
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("all-projects", "routes/public/all-projects.tsx"),
    route("project/:id", "routes/public/project.tsx"),
    route("all-updates", "routes/public/all-updates.tsx"),
    route("update/:id", "routes/public/update.tsx"),
    route("campaign/:platform/:slug", "routes/public/campaign.tsx", { id: "campaign-platform" }),
    route("campaign/:slug", "routes/public/campaign.tsx", { id: "campaign-slug" }),
    route("privacy", "routes/public/privacy.tsx"),
  ]),
  route("sitemap.xml", "routes/public/sitemap.ts"),
  route("robots.txt", "routes/public/robots.ts"),
  route("admin/login", "routes/admin/login.tsx"),
  layout("routes/admin/shell.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/projects", "routes/admin/projects.tsx"),
    route("admin/projects/:id", "routes/admin/project-detail.tsx"),
    route("admin/project-updates", "routes/admin/project-updates.tsx"),
    route("admin/units", "routes/admin/units.tsx"),
    route("admin/units/new", "routes/admin/unit-form.tsx", { id: "unit-new" }),
    route("admin/units/:unitId/edit", "routes/admin/unit-form.tsx", { id: "unit-edit" }),
    route("admin/units/upload", "routes/admin/units-upload.tsx"),
    route("admin/landing", "routes/admin/landing.tsx"),
    route("admin/contact-messages", "routes/admin/contact-messages.tsx"),
    route("admin/employees", "routes/admin/employees.tsx"),
    route("admin/permissions", "routes/admin/permissions.tsx"),
    route("admin/audit-log", "routes/admin/audit-log.tsx"),
    route("admin/account", "admin/account/route.tsx"),
  ]),
  layout("routes/public/layout.tsx", { id: "not-found-layout" }, [route("*", "routes/public/not-found.tsx")]),
] satisfies RouteConfig;
