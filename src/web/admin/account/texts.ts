/** Every text of the account screens and the login's second step (Arabic;
/** docs/decisions/020-staff-sign-in-hardening.md). */
import { formatNumber } from "#domain/format.ts";

export const ACCOUNT_TEXTS = {
  title: "حسابي",
  menuLabel: "حسابي",
  // Password
  passwordTitle: "تغيير كلمة المرور",
  passwordDescription: "أدخل كلمة المرور الحالية ثم الجديدة. سيتم تسجيل خروجك من جميع الأجهزة الأخرى.",
  currentPassword: "كلمة المرور الحالية",
  newPassword: "كلمة المرور الجديدة",
  newPasswordHint: "١٢ حرفًا على الأقل، وليست من كلمات المرور الشائعة",
  savePassword: "حفظ كلمة المرور",
  savingPassword: "جاري الحفظ...",
  passwordChanged: "تم تغيير كلمة المرور بنجاح",
  // Sessions
  sessionsTitle: "الجلسات النشطة",
  sessionsDescription: "الأجهزة المسجل دخولها إلى حسابك. أنهِ أي جلسة لا تعرفها.",
  thisDevice: "هذا الجهاز",
  endSession: "إنهاء الجلسة",
  sessionEnded: "تم إنهاء الجلسة",
  lastActive: "آخر نشاط",
  signedInAt: "تاريخ الدخول",
  unknownDevice: "جهاز غير معروف",
  unknownAddress: "عنوان غير معروف",
  noOtherSessions: "لا توجد جلسات أخرى",
  // Two-factor
  twoFactorTitle: "التحقق بخطوتين",
  twoFactorDescription: "عند تسجيل الدخول يُطلب منك رمز من تطبيق المصادقة في جوالك إضافة إلى كلمة المرور.",
  twoFactorOn: "مفعل",
  twoFactorOff: "غير مفعل",
  twoFactorRequired: "يتطلب دورك التحقق بخطوتين. فعّله للمتابعة إلى لوحة التحكم.",
  startSetup: "تفعيل التحقق بخطوتين",
  scanQr:
    "امسح الرمز بتطبيق المصادقة (مثل Google Authenticator أو Microsoft Authenticator)، ثم أدخل الرمز المكوّن من ٦ أرقام.",
  qrAlt: "رمز QR لإضافة الحساب إلى تطبيق المصادقة",
  manualKey: "أو أدخل هذا المفتاح يدويًا",
  code: "رمز التحقق",
  confirmSetup: "تأكيد التفعيل",
  confirming: "جاري التحقق...",
  enabledToast: "تم تفعيل التحقق بخطوتين",
  recoveryTitle: "رموز الاسترداد",
  recoveryDescription:
    "احفظ هذه الرموز في مكان آمن. يمكن استخدام كل رمز مرة واحدة لتسجيل الدخول إذا فقدت جوالك. لن تظهر مرة أخرى.",
  recoverySaved: "حفظت الرموز",
  recoveryLeft: (n: number) => `رموز الاسترداد المتبقية: ${formatNumber(n)}`,
  disable: "إيقاف التحقق بخطوتين",
  disableConfirm: "تأكيد الإيقاف",
  disabledToast: "تم إيقاف التحقق بخطوتين",
  // Role requirement (super_admin)
  rolesTitle: "إلزام التحقق بخطوتين حسب الدور",
  rolesDescription: "عند تفعيله يجب على كل موظف في هذا الدور تفعيل التحقق بخطوتين قبل استخدام لوحة التحكم.",
  roleUpdated: "تم حفظ إعداد الدور",
  // Login second step
  loginCodeTitle: "التحقق بخطوتين",
  loginCodeDescription: "أدخل الرمز المكوّن من ٦ أرقام من تطبيق المصادقة، أو أحد رموز الاسترداد.",
  loginCodeSubmit: "تحقق",
  loginCodeBack: "العودة إلى تسجيل الدخول",
  // Shared
  loadError: "تعذر تحميل البيانات",
  saveError: "تعذر حفظ التغييرات",
} as const;
