/**
 * Texts of the projects and updates screens: SPEC §6 tooltips, §8.2 and §8.3 toasts word for word, and the labels
 * SPEC names without giving the words.
 */
import { countNoun, NOUNS } from "#domain/format.ts";

export const PROJECT_TEXTS = {
  // §6 tooltips
  noCreatePermission: "لا تملك صلاحية إنشاء مشروع جديد",
  noEditPermission: "لا تملك صلاحية تعديل المشروع",
  noDeletePermission: "لا تملك صلاحية حذف المشروع",
  // §8.2 toasts
  successTitle: "تم بنجاح",
  created: "تم إنشاء المشروع بنجاح",
  updated: "تم تحديث المشروع بنجاح",
  deleted: "تم حذف المشروع بنجاح",
  create401: "يجب تسجيل الدخول مرة أخرى لإنشاء المشروع",
  loginProblemTitle: "مشكلة في تسجيل الدخول",
  createErrorTitle: "خطأ في إنشاء المشروع",
  createErrorDefault: "حدث خطأ أثناء حفظ المشروع",
  updateErrorTitle: "خطأ في تحديث المشروع",
  updateErrorDefault: "حدث خطأ أثناء حفظ التغييرات",
  authErrorTitle: "خطأ في المصادقة",
  delete401: "لا تملك الصلاحية لحذف هذا المشروع. يرجى تسجيل الدخول مرة أخرى.",
  deleteErrorTitle: "خطأ في حذف المشروع",
  genericErrorTitle: "حدث خطأ",
  deleteErrorDefault: "حدث خطأ أثناء حذف المشروع",
  rank401: "لا تملك الصلاحية لتعيين ترتيب المشروع...",
  rankErrorTitle: "خطأ في تعيين ترتيب المشروع",
  rankSet: (rank: number) => `تم تعيين المشروع بترتيب #${rank}`,
  rankRemoved: "تم إزالة المشروع من القائمة المميزة",
  uploadErrorTitle: "خطأ في رفع الملف",
  uploadSuccess: "تم رفع الملف بنجاح",
  pendingDeleteInfo: "جاري حذف المشروع الذي طلبت حذفه قبل تسجيل الدخول",
  projectNotFound: "المشروع غير موجود",
  login: "تسجيل الدخول",
  // Screen labels
  title: "إدارة المشاريع",
  newProject: "مشروع جديد",
  editProject: "تعديل المشروع",
  searchLabel: "البحث بالاسم أو المدينة",
  searchPlaceholder: "ابحث باسم المشروع أو المدينة...",
  empty: "لا توجد مشاريع",
  details: "التفاصيل",
  viewOnSite: "عرض في الموقع",
  edit: "تعديل",
  delete: "حذف",
  featuredRank: "ترتيب التمييز",
  featuredDialogTitle: "تعيين ترتيب المشروع المميز",
  featuredDialogHint: "الترتيب الأقل يظهر أولًا. الإدخال الفارغ أو غير الصالح يصبح 1.",
  rankLabel: "الترتيب",
  save: "حفظ",
  saving: "جاري الحفظ...",
  cancel: "إلغاء",
  removeFromFeatured: "إزالة من المميزة",
  deleteTitle: "حذف المشروع",
  deleteConfirm: (name: string) =>
    `هل أنت متأكد من حذف المشروع "${name}"؟ سيتم حذف وحداته وتحديثاته وصفحة الهبوط الخاصة به، ولا يمكن التراجع عن ذلك.`,
  deleting: "جاري الحذف...",
  /** What the delete leaves of the project's leads (docs/product.md §3: each lead keeps its origin's names). */
  deleteLeadsKept: (count: { total: number; capped: boolean } | null) =>
    count === null
      ? "يبقى عملاء هذا المشروع في قائمة العملاء، ويبقى على كل طلب اسم المشروع والحملة التي جاء منها."
      : count.total === 0
        ? "لا يوجد عملاء جاؤوا من هذا المشروع."
        : `يبقى في قائمة العملاء ${count.capped ? "أكثر من " : ""}${countNoun(count.total, NOUNS.lead)} من هذا المشروع، ويبقى على كل طلب اسم المشروع والحملة التي جاء منها.`,
  createSubmit: "إنشاء المشروع",
  updateSubmit: "حفظ التغييرات",
} as const;

export const UPDATE_TEXTS = {
  title: "تحديثات المشاريع",
  newUpdate: "تحديث جديد",
  editUpdate: "تعديل التحديث",
  searchLabel: "البحث بعنوان التحديث أو اسم المشروع",
  searchPlaceholder: "ابحث بعنوان التحديث أو اسم المشروع...",
  empty: "لا توجد تحديثات",
  createErrorTitle: "خطأ في إنشاء التحديث",
  editErrorTitle: "خطأ في تحديث التحديث",
  deleteErrorTitle: "خطأ في حذف التحديث",
  created: "تم إنشاء التحديث بنجاح",
  edited: "تم تحديث التحديث بنجاح",
  deletedTitle: "تم حذف التحديث بنجاح",
  errorDefault: "حدث خطأ، يرجى المحاولة مرة أخرى",
  deleteTitle: "حذف التحديث",
  deleteConfirm: (title: string) => `هل أنت متأكد من حذف التحديث "${title}"؟ لا يمكن التراجع عن ذلك.`,
  project: "المشروع",
  chooseProject: "اختر المشروع",
  updateTitle: "عنوان التحديث",
  summary: "الملخص",
  videoUrl: "رابط الفيديو (اختياري)",
  interiorPhotos: "الصور الداخلية",
  dronePhotos: "صور الدرون",
  lastVisitDate: "تاريخ آخر زيارة",
  noVisitDate: "بدون تاريخ زيارة",
  notes: "ملاحظات",
  createSubmit: "إنشاء التحديث",
  updateSubmit: "حفظ التغييرات",
} as const;

/** Percentage labels shared by both forms. */
export const PERCENT_LABELS = {
  completionPercentage: "نسبة الإنجاز",
  concretePercentage: "نسبة الخرسانة",
  plumbingPercentage: "نسبة السباكة",
  electricalPercentage: "نسبة الكهرباء",
  finishingPercentage: "نسبة التشطيب",
} as const;
