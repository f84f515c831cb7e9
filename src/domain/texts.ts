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
  phoneHint10: "أدخل 10 أرقام",
  // §2.9 / §5.2 / §8.1 login
  loginHeading: "تسجيل الدخول",
  loggingIn: "جاري تسجيل الدخول...",
  loginSuccess: "تم تسجيل الدخول بنجاح",
  loginErrorTitle: "خطأ في تسجيل الدخول",
  loginErrorDefault: "تحقق من اسم المستخدم وكلمة المرور",
  usernameRequired: "اسم المستخدم مطلوب",
  passwordRequired: "كلمة المرور مطلوبة",
  mustLogin: "يجب تسجيل الدخول",
  // §4.1 banners: SPEC gives them in English; every user-facing word is Arabic (docs/decisions/002)
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
} as const;
