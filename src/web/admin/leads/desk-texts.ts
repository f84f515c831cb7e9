/**
 * Arabic texts of the lead desk screens (docs/product.md §2.16 leads; stage and activity labels come from
 * #domain/lead-desk.ts). Every word the agent and the manager read on /admin/leads… is here.
 */
export const DESK_TEXTS = {
  listTitle: "العملاء المحتملون",
  mineTitle: "عملائي",
  settingsTitle: "إعدادات مكتب العملاء",
  search: "بحث بالاسم أو الجوال أو البريد",
  allStages: "كل المراحل",
  allOwners: "كل المسؤولين",
  mine: "عملائي فقط",
  unassigned: "غير مسند",
  allProjects: "كل المشاريع",
  allSources: "كل المصادر",
  from: "من تاريخ",
  to: "إلى تاريخ",
  overdueOnly: "المتأخرون فقط",
  duplicateOnly: "المكررون فقط",
  clearFilters: "مسح التصفية",
  sortNewest: "الأحدث أولًا",
  sortOldest: "الأقدم أولًا",
  sortUrgency: "الأكثر إلحاحًا",
  loadMore: "عرض المزيد",
  loadFailed: "تعذّر تحميل العملاء",
  noLeads: "لا يوجد عملاء محتملون",
  noMatch: (query: string) => `لا يوجد عملاء يطابقون «${query}»`,
  noMatchFilters: "لا يوجد عملاء يطابقون هذه التصفية",
  overdue: "متأخر",
  duplicate: "مكرر",
  owner: "المسؤول",
  stage: "المرحلة",
  project: "المشروع",
  source: "المصدر",
  createdAt: "تاريخ الاستفسار",
  followUp: "موعد المتابعة",
  followUpTime: "ساعة المتابعة",
  mergedInto: "دُمج هذا العميل في",
  mergedBadge: "مدموج",
  mergedReadOnly: "للاطلاع فقط؛ يُعمل على العميل من صفحته الجديدة.",
  waiting: "الانتظار",
  name: "الاسم",
  phone: "الجوال",
  email: "البريد الإلكتروني",
  open: "فتح",
  call: "اتصال",
  whatsapp: "واتساب",
  mail: "بريد",
  noProject: "بدون مشروع",
  logQuestion: (name: string) => `كيف كان التواصل مع ${name}؟`,
  nextQuestion: "ما الخطوة التالية؟",
  logged: "تم تسجيل التواصل",
  logFailed: "تعذّر تسجيل التواصل",
  dismiss: "لاحقًا",
  templateLabel: "نص رسالة واتساب",
  templateHint: "يُستبدل {الاسم} باسم العميل و{المشروع} باسم المشروع و{الموظف} باسمك.",
  templateSave: "حفظ النص",
  templateSaved: "تم حفظ نص الرسالة",
  changeStage: "تغيير المرحلة",
  newStage: "المرحلة الجديدة",
  lostReason: "سبب الفقد",
  chooseReason: "اختر السبب",
  unit: "الوحدة",
  noUnit: "بدون وحدة",
  unitHint: "ربط وحدة من المشروع يجعلها محجوزة أو مباعة.",
  note: "ملاحظة",
  save: "حفظ",
  cancel: "إلغاء",
  stageSaved: "تم تغيير المرحلة",
  stageFailed: "تعذّر تغيير المرحلة",
} as const;

/** Outcomes offered in the first tap of the contact log; the label is stored as the activity's note. */
export const CONTACT_OUTCOMES = ["تم الرد", "لم يرد", "طلب معاودة الاتصال"] as const;

/** Next steps of the second tap: a stage to move to and/or a follow-up in `days` (10:00 Jeddah time). */
export const NEXT_STEPS = [
  { key: "tomorrow", label: "متابعة غدًا", days: 1 },
  { key: "in3", label: "متابعة بعد ثلاثة أيام", days: 3 },
  { key: "qualified", label: "مؤهل", stage: "qualified" },
  { key: "visit", label: "موعد زيارة", stage: "visit" },
  { key: "none", label: "بدون خطوة" },
] as const;

/** The default WhatsApp message; {الاسم}, {المشروع} and {الموظف} (the agent) are filled per lead. */
export const DEFAULT_WHATSAPP_TEMPLATE =
  "السلام عليكم {الاسم}، معك {الموظف} من فريق المبيعات. شكرًا لاهتمامك بـ{المشروع}، متى يناسبك أن نتحدث؟";
