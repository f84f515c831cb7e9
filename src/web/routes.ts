/** The route table of SPEC §2.1. Public pages live in public/routes; admin screens are client-only
 * modules in their feature folder under admin/. */
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("public/routes/layout.tsx", [
    index("public/routes/home.tsx"),
    route("all-projects", "public/routes/all-projects.tsx"),
    route("project/:id", "public/routes/project.tsx"),
    route("all-updates", "public/routes/all-updates.tsx"),
    route("update/:id", "public/routes/update.tsx"),
    route("campaign/:platform/:slug", "public/routes/campaign.tsx", { id: "campaign-platform" }),
    route("campaign/:slug", "public/routes/campaign.tsx", { id: "campaign-slug" }),
    route("privacy", "public/routes/privacy.tsx"),
  ]),
  route("sitemap.xml", "public/routes/sitemap.ts"),
  route("robots.txt", "public/routes/robots.ts"),
  route("admin/login", "admin/shell/login.tsx"),
  layout("admin/shell/shell.tsx", [
    route("admin", "admin/dashboard/dashboard.tsx"),
    route("admin/projects", "admin/projects/projects.tsx"),
    route("admin/projects/:id", "admin/landing/project-landing.tsx"),
    route("admin/project-updates", "admin/updates/project-updates.tsx"),
    route("admin/units", "admin/units/units.tsx"),
    route("admin/units/new", "admin/units/unit-editor.tsx", { id: "unit-new" }),
    route("admin/units/:unitId/edit", "admin/units/unit-editor.tsx", { id: "unit-edit" }),
    route("admin/units/upload", "admin/units/units-upload.tsx"),
    route("admin/landing", "admin/landing/landing.tsx"),
    route("admin/contact-messages", "admin/leads/leads.tsx"),
    route("admin/leads", "admin/leads/leads-list.tsx"),
    route("admin/leads/mine", "admin/leads/my-leads.tsx"),
    route("admin/leads/settings", "admin/leads/desk-settings.tsx"),
    route("admin/leads/:id", "admin/leads/lead-page.tsx"),
    route("admin/conversions", "admin/conversions/conversions.tsx"),
    route("admin/whatsapp", "admin/whatsapp/whatsapp.tsx"),
    route("admin/employees", "admin/employees/employees.tsx"),
    route("admin/permissions", "admin/permissions/permissions.tsx"),
    route("admin/audit-log", "admin/audit-log/audit-log.tsx"),
    route("admin/account", "admin/account/route.tsx"),
  ]),
  layout("public/routes/layout.tsx", { id: "not-found-layout" }, [route("*", "public/routes/not-found.tsx")]),
] satisfies RouteConfig;
