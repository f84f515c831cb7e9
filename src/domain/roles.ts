/**
 * Roles and the permission catalogue (SPEC §6). Keys follow `area.action`.
 * The catalogue here is the single source: the server seeds the `permissions` table from it,
 * and the check order lives in `permissions.ts`.
 */

export const ROLES = ["super_admin", "manager", "employee", "photographer", "sales_agent"] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = "employee";

/** Arabic labels of the roles (SPEC §6: super_admin is called the general manager). */
export const ROLE_LABELS: Record<Role, string> = {
  super_admin: "المدير العام",
  manager: "مدير",
  employee: "موظف",
  photographer: "مصور",
  sales_agent: "مسؤول مبيعات",
};

/** Rank used for "roles below" comparisons (ARCHITECTURE resolution 7): higher outranks lower. */
export const ROLE_RANK: Record<Role, number> = {
  super_admin: 3,
  manager: 2,
  employee: 1,
  photographer: 1,
  sales_agent: 1,
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export interface PermissionDefinition {
  key: string;
  category: string;
  description: string;
}

/** Every permission key the product knows, with its Arabic category and description. */
export const PERMISSION_CATALOGUE = [
  { key: "dashboard.view", category: "لوحة التحكم", description: "عرض لوحة التحكم" },
  { key: "projects.view", category: "المشاريع", description: "عرض المشاريع" },
  { key: "projects.create", category: "المشاريع", description: "إنشاء مشروع جديد" },
  { key: "projects.edit", category: "المشاريع", description: "تعديل المشاريع" },
  { key: "projects.delete", category: "المشاريع", description: "حذف المشاريع" },
  { key: "projects.feature", category: "المشاريع", description: "تعيين ترتيب المشاريع المميزة" },
  { key: "projects.publish", category: "المشاريع", description: "نشر المشاريع وإلغاء نشرها" },
  { key: "updates.view", category: "تحديثات المشاريع", description: "عرض تحديثات المشاريع" },
  { key: "updates.create", category: "تحديثات المشاريع", description: "إنشاء تحديث" },
  { key: "updates.edit", category: "تحديثات المشاريع", description: "تعديل التحديثات" },
  { key: "updates.delete", category: "تحديثات المشاريع", description: "حذف التحديثات" },
  { key: "updates.publish", category: "تحديثات المشاريع", description: "نشر التحديثات وإلغاء نشرها" },
  { key: "units.view", category: "الوحدات", description: "عرض الوحدات" },
  { key: "units.create", category: "الوحدات", description: "إضافة وحدة" },
  { key: "units.edit", category: "الوحدات", description: "تعديل الوحدات" },
  { key: "units.delete", category: "الوحدات", description: "حذف الوحدات" },
  { key: "units.import", category: "الوحدات", description: "رفع الوحدات من ملف" },
  { key: "inventory.view", category: "الوحدات", description: "عرض مخطط توفر الوحدات وسجل كل وحدة" },
  { key: "inventory.hold", category: "الوحدات", description: "حجز الوحدات مؤقتًا لعملائه وإلغاء حجوزاته" },
  {
    key: "inventory.manage",
    category: "الوحدات",
    description: "إيقاف الوحدات وتغيير الأسعار وتوليد الوحدات وإلغاء أي حجز",
  },
  { key: "uploads.create", category: "الملفات", description: "رفع الصور والملفات" },
  { key: "landing_pages.view", category: "صفحات الهبوط", description: "عرض صفحات الهبوط" },
  { key: "landing_pages.edit", category: "صفحات الهبوط", description: "إنشاء وتعديل صفحات الهبوط" },
  { key: "landing_pages.delete", category: "صفحات الهبوط", description: "حذف صفحات الهبوط" },
  { key: "landing_pages.publish", category: "صفحات الهبوط", description: "نشر صفحات الهبوط وإلغاء نشرها" },
  { key: "campaigns.manage", category: "صفحات الهبوط", description: "إدارة الحملات والويب هوك" },
  {
    key: "conversions.manage",
    category: "صفحات الهبوط",
    description: "ربط منصات الإعلانات وأحداث التحويل وتقرير الحملات والإنفاق",
  },
  {
    key: "lead_forms.manage",
    category: "صفحات الهبوط",
    description: "ربط نماذج المنصات (ميتا وتيك توك وسناب شات وجوجل) واختيار المشروع وربط الحقول لكل نموذج",
  },
  { key: "contact_messages.view", category: "رسائل التواصل", description: "عرض رسائل التواصل" },
  { key: "contact_messages.delete", category: "رسائل التواصل", description: "حذف رسائل التواصل" },
  { key: "contact_messages.export", category: "رسائل التواصل", description: "تصدير رسائل التواصل" },
  { key: "leads.view_all", category: "العملاء المحتملون", description: "عرض جميع العملاء المحتملين" },
  { key: "leads.view_own", category: "العملاء المحتملون", description: "عرض العملاء المسندين إليه" },
  { key: "leads.assign", category: "العملاء المحتملون", description: "إسناد العملاء إلى مسؤولي المبيعات" },
  { key: "leads.work", category: "العملاء المحتملون", description: "تسجيل التواصل وتغيير مرحلة العميل" },
  { key: "leads.export", category: "العملاء المحتملون", description: "تصدير العملاء المحتملين" },
  { key: "leads.settings", category: "العملاء المحتملون", description: "إعدادات مكتب العملاء وأسباب الفقد" },
  { key: "visits.manage", category: "الزيارات", description: "إدارة مواعيد زيارات المشاريع وأماكنها" },
  { key: "visits.work", category: "الزيارات", description: "عرض زيارات اليوم وتسجيل حضور العملاء" },
  { key: "users.view", category: "الموظفون", description: "عرض الموظفين" },
  { key: "users.create", category: "الموظفون", description: "إضافة موظف" },
  { key: "users.edit", category: "الموظفون", description: "تعديل الموظفين" },
  { key: "users.delete", category: "الموظفون", description: "حذف الموظفين" },
  { key: "permissions.manage", category: "الصلاحيات", description: "إدارة صلاحيات الأدوار والمستخدمين" },
  { key: "audit.view", category: "سجل التدقيق", description: "عرض سجل التدقيق" },
  {
    key: "compliance.view",
    category: "الامتثال والتراخيص",
    description: "عرض شاشة الامتثال والتراخيص: تراخيص الإعلان وحالتها وما توقف عرضه بسببها",
  },
  { key: "whatsapp.manage", category: "واتساب", description: "ربط رقم واتساب للأعمال وقوالبه" },
  { key: "whatsapp.view", category: "واتساب", description: "قراءة محادثات واتساب مع العملاء" },
  { key: "whatsapp.send", category: "واتساب", description: "مراسلة العملاء عبر واتساب من صفحة العميل" },
  {
    key: "payments.view",
    category: "المدفوعات",
    description:
      "عرض مدفوعات العربون الإلكترونية وحالتها ومرجعها لدى بوابة الدفع (رقم الهوية مخفي إلا آخر أربعة أرقام)",
  },
  { key: "payments.refund", category: "المدفوعات", description: "استرداد عربون مدفوع إلكترونيًا مع ذكر السبب" },
] as const satisfies readonly PermissionDefinition[];

export type PermissionKey = (typeof PERMISSION_CATALOGUE)[number]["key"];
export const PERMISSION_KEYS: readonly PermissionKey[] = PERMISSION_CATALOGUE.map((p) => p.key);

export function isPermissionKey(value: string): value is PermissionKey {
  return (PERMISSION_KEYS as readonly string[]).includes(value);
}

/**
 * Grants each role starts with on a new database. super_admin is absent: it holds every key (SPEC §6).
 * Staff with permissions.manage change these later; the defaults only seed the role_permissions table.
 */
export const DEFAULT_ROLE_GRANTS: Record<Exclude<Role, "super_admin">, readonly PermissionKey[]> = {
  manager: PERMISSION_KEYS.filter((key) => key !== "audit.view"),
  employee: [
    "dashboard.view",
    "projects.view",
    "projects.create",
    "projects.edit",
    "updates.view",
    "updates.create",
    "updates.edit",
    "units.view",
    "units.create",
    "units.edit",
    "units.import",
    "inventory.view",
    "uploads.create",
    "landing_pages.view",
    "contact_messages.view",
    "leads.view_all",
    "leads.view_own",
    "compliance.view",
  ],
  photographer: ["dashboard.view", "projects.view", "updates.view", "updates.create", "updates.edit", "uploads.create"],
  /** Own leads only: the lead desk scopes every read and change to the agent's leads (server leads/desk/common.ts). */
  sales_agent: [
    "dashboard.view",
    "projects.view",
    "units.view",
    "leads.view_own",
    "leads.work",
    "inventory.view",
    "inventory.hold",
    "visits.work",
    // Their own leads' WhatsApp conversations (the lead scope applies: modules/whatsapp/conversation.ts).
    "whatsapp.view",
    "whatsapp.send",
  ],
};
