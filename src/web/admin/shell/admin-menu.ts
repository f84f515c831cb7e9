/** The side menu of the admin shell (SPEC §2.10): labels, routes and the permission each item needs. */
import {
  BadgeCheckIcon,
  BuildingIcon,
  CalendarCheckIcon,
  CalendarCogIcon,
  ClipboardListIcon,
  ContactIcon,
  CreditCardIcon,
  DoorOpenIcon,
  InboxIcon,
  LayoutDashboardIcon,
  LayoutGridIcon,
  type LucideIcon,
  MegaphoneIcon,
  MessageCircleIcon,
  PhoneCallIcon,
  ScrollTextIcon,
  ShieldCheckIcon,
  SlidersHorizontalIcon,
  TrendingUpIcon,
  UserIcon,
  UsersIcon,
} from "lucide-react";
import type { PermissionKey } from "#domain/roles.ts";
import { TEXTS } from "#domain/texts.ts";
import type { CurrentUser } from "~/shared/session/auth-store.ts";
import { userCan } from "./auth-permissions.ts";

export interface AdminMenuItem {
  label: string;
  to: string;
  /** The permission the item needs; null: every signed-in user (their own account). */
  permission: PermissionKey | null;
  icon: LucideIcon;
}

/**
 * The items of SPEC §2.10, in order — its «رسائل التواصل» being the lead desk's list «العملاء»
 * (docs/decisions/070-one-leads-list.md) — with «عملائي» and the desk settings (docs/product.md §2.16 leads) before the
 * staff items, and the campaigns report with its connections (docs/conversions.md); last the audit log and the user's
 * own account «حسابي» (docs/product.md §2.16), so every admin screen has its item.
 */
export const ADMIN_MENU: readonly AdminMenuItem[] = [
  { label: TEXTS.menuDashboard, to: "/admin", permission: "dashboard.view", icon: LayoutDashboardIcon },
  { label: TEXTS.menuProjects, to: "/admin/projects", permission: "projects.view", icon: BuildingIcon },
  { label: TEXTS.menuUpdates, to: "/admin/project-updates", permission: "updates.view", icon: ClipboardListIcon },
  { label: TEXTS.menuUnits, to: "/admin/units", permission: "units.view", icon: DoorOpenIcon },
  { label: "مخطط الوحدات", to: "/admin/inventory", permission: "inventory.view", icon: LayoutGridIcon },
  { label: TEXTS.menuLanding, to: "/admin/landing", permission: "landing_pages.view", icon: MegaphoneIcon },
  // SPEC's «رسائل التواصل» (/admin/contact-messages) is the leads list now and redirects to it
  // (docs/decisions/070-one-leads-list.md): one item, «العملاء».
  { label: "العملاء", to: "/admin/leads", permission: "leads.view_all", icon: ContactIcon },
  { label: "عملائي", to: "/admin/leads/mine", permission: "leads.work", icon: PhoneCallIcon },
  {
    label: "إعدادات مكتب العملاء",
    to: "/admin/leads/settings",
    permission: "leads.settings",
    icon: SlidersHorizontalIcon,
  },
  { label: "زيارات اليوم", to: "/admin/visits", permission: "visits.work", icon: CalendarCheckIcon },
  { label: "مواعيد الزيارات", to: "/admin/visits/settings", permission: "visits.manage", icon: CalendarCogIcon },
  { label: "الحملات والتحويلات", to: "/admin/conversions", permission: "conversions.manage", icon: TrendingUpIcon },
  { label: "الامتثال والتراخيص", to: "/admin/compliance", permission: "compliance.view", icon: BadgeCheckIcon },
  { label: "نماذج المنصات", to: "/admin/lead-forms", permission: "lead_forms.manage", icon: InboxIcon },
  { label: "واتساب للأعمال", to: "/admin/whatsapp", permission: "whatsapp.manage", icon: MessageCircleIcon },
  { label: "المدفوعات", to: "/admin/payments", permission: "payments.view", icon: CreditCardIcon },
  { label: TEXTS.menuEmployees, to: "/admin/employees", permission: "users.view", icon: UsersIcon },
  { label: TEXTS.menuPermissions, to: "/admin/permissions", permission: "permissions.manage", icon: ShieldCheckIcon },
  { label: "سجل التدقيق", to: "/admin/audit-log", permission: "audit.view", icon: ScrollTextIcon },
  { label: "حسابي", to: "/admin/account", permission: null, icon: UserIcon },
];

/** The items `user` may see: a super_admin sees all; others those whose permission is in their effective list. */
export function visibleMenuItems(user: Pick<CurrentUser, "role" | "permissions"> | null): AdminMenuItem[] {
  return ADMIN_MENU.filter((item) => (item.permission === null ? user !== null : userCan(user, item.permission)));
}

/**
 * The one item active on `pathname`: the item whose path is the longest prefix of it at a segment boundary
 * ("/admin/leads/mine" → «عملائي», not also «العملاء»; "/admin/units/7/edit" → «إدارة الوحدات»); the dashboard
 * only on "/admin" itself. Null when no item matches.
 */
export function activeMenuPath(items: readonly Pick<AdminMenuItem, "to">[], pathname: string): string | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  let best: string | null = null;
  for (const { to } of items) {
    const hit = to === "/admin" ? path === to : path === to || path.startsWith(`${to}/`);
    if (hit && (best === null || to.length > best.length)) best = to;
  }
  return best;
}
