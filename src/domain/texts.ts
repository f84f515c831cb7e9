/**
 * User-facing Arabic texts that SPEC.md gives word for word, written once and used by both ends.
 * Section numbers point at the SPEC paragraph each one comes from.
 */
export const TEXTS = {
  // §2.3 home
  projectsLoadError: "حدث خطأ في تحميل المشاريع",
  projectsEmptyHome: "لا توجد مشاريع متاحة حالياً",
  dateUnknown: "تاريخ غير محدد",
  noImage: "لا توجد صورة",
  featured: "مميز",
  // §2.4 / §2.5 lists
  errorTitle: "حدث خطأ",
  projectsLoadFailed: "لم نتمكن من تحميل المشاريع",
  updatesLoadFailed: "لم نتمكن من تحميل التحديثات",
  retry: "إعادة المحاولة",
  projectsEmpty: "لا توجد مشاريع متاحة",
  updatesEmpty: "لا توجد تحديثات متاحة",
  projectsComingSoon: "سيتم إضافة مشاريع جديدة قريباً",
  updatesComingSoon: "سيتم إضافة تحديثات جديدة قريباً",
  projectsLoading: "جاري تحميل المشاريع...",
  updatesLoading: "جاري تحميل التحديثات...",
  viewDetails: "عرض التفاصيل",
  latestUpdates: "آخر التحديثات",
  // §2.6 / §2.7 / §2.8 detail pages
  projectLoading: "جاري تحميل تفاصيل المشروع...",
  unitsLoading: "جاري تحميل الوحدات...",
  projectNotFound: "المشروع غير موجود",
  updateLoading: "جاري تحميل تفاصيل التحديث...",
  updateNotFound: "التحديث غير موجود",
  updateBreadcrumb: "تحديث المشروع",
  pageLoading: "جاري تحميل الصفحة...",
  pageNotFound: "الصفحة غير موجودة",
  pageNotFoundText: "عذراً، الرابط الذي تبحث عنه غير صحيح",
  more: "المزيد",
  collapse: "إخفاء",
  // §4.6 / §8.4 contact forms
  sending: "جاري الإرسال...",
  homeContactSuccess: "تم إرسال رسالتك بنجاح! سنتواصل معك قريباً.",
  homeContactError: "حدث خطأ في إرسال الرسالة. يرجى المحاولة مرة أخرى.",
  projectContactSuccess: "تم إرسال الرسالة بنجاح! سنقوم بالرد عليك في أقرب وقت ممكن.",
  projectContactError: "حدث خطأ أثناء إرسال الرسالة. يرجى المحاولة مرة أخرى.",
  campaignContactSuccess: "تم إرسال رسالتك بنجاح! سنتواصل معك قريباً.",
  campaignContactError: "حدث خطأ أثناء إرسال الرسالة. يرجى المحاولة مرة أخرى.",
  requiredFieldsMissing: "يرجى ملء جميع الحقول المطلوبة",
  sentTitle: "تم الإرسال بنجاح!",
  errorBangTitle: "حدث خطأ!",
  phoneHint10: "أدخل ١٠ أرقام",
  // §2.9 / §5.2 / §8.1 login
  loginHeading: "تسجيل الدخول",
  loggingIn: "جاري تسجيل الدخول...",
  loginSuccess: "تم تسجيل الدخول بنجاح",
  loginErrorTitle: "خطأ في تسجيل الدخول",
  loginErrorDefault: "تحقق من اسم المستخدم وكلمة المرور",
  usernameRequired: "اسم المستخدم مطلوب",
  passwordRequired: "كلمة المرور مطلوبة",
  mustLogin: "يجب تسجيل الدخول",
  // §4.1 banners: SPEC gives them in English; every user-facing word is Arabic
  // (docs/decisions/002-arabic-for-english-spec-texts.md)
  sessionExpired: "انتهت صلاحية الجلسة. يرجى تسجيل الدخول مرة أخرى.",
  connectionIssue: "مشكلة في الاتصال - قد تكون بعض الميزات محدودة",
  loginAgain: "تسجيل الدخول مرة أخرى",
  // §2.11 dashboard
  noProjects: "لا توجد مشاريع",
  noUpdates: "لا توجد تحديثات",
  // §2.18
  notAuthorized: "غير مصرح لك",
  // §5.5 contact schema
  nameRequired: "الاسم مطلوب",
  emailInvalid: "البريد الإلكتروني غير صحيح",
  messageRequired: "الرسالة مطلوبة",
  // §2.10 admin menu
  menuDashboard: "الرئيسية",
  menuProjects: "إدارة المشاريع",
  menuUpdates: "تحديثات المشاريع",
  menuUnits: "إدارة الوحدات",
  menuLanding: "صفحات الهبوط",
  menuContactMessages: "رسائل التواصل",
  menuEmployees: "إدارة الموظفين",
  menuPermissions: "إدارة الصلاحيات",
  // Admin chrome, login fields and dashboard cards: SPEC names them without giving the words
  adminProductName: "لوحة التحكم",
  adminMenuLabel: "القائمة الرئيسية",
  openMenu: "فتح القائمة",
  collapseMenu: "طي القائمة",
  expandMenu: "توسيع القائمة",
  skipToContent: "تخطي إلى المحتوى",
  logout: "تسجيل الخروج",
  signedInAs: "المستخدم الحالي",
  close: "إغلاق",
  usernameLabel: "اسم المستخدم",
  passwordLabel: "كلمة المرور",
  showPassword: "إظهار كلمة المرور",
  hidePassword: "إخفاء كلمة المرور",
  loginSubtitle: "أدخل بيانات حسابك للوصول إلى لوحة التحكم",
  sessionLoading: "جاري التحقق من الجلسة...",
  statProjects: "إجمالي المشاريع",
  statUnits: "إجمالي الوحدات",
  statContactMessages: "رسائل التواصل",
  recentProjects: "أحدث المشاريع",
  completion: "نسبة الإنجاز",
  notAvailable: "غير متاح",
} as const;

/**
 * A search without results, public and back office (docs/decisions/014-arabic-search.md: the empty result names
 * the query and offers to clear it, never the list's empty-state text). The query is quoted in «»; a screen that can
 * renders it in <bdi> after `noMatchLead` so a Latin or numeric query keeps its place in the sentence.
 */
export const SEARCH_TEXTS = {
  noMatchLead: "لا توجد نتائج مطابقة لـ",
  noMatch: (query: string) => `لا توجد نتائج مطابقة لـ «${query.trim()}»`,
  tryAnother: "جرّب كلمة أخرى، أو امسح البحث لعرض القائمة كاملة.",
  clear: "مسح البحث",
} as const;
