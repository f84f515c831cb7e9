/** The stacking plan's words (docs/decisions/078-stacking-plan-and-bulk-generation.md), written once. */
import type { InventoryState } from "#domain/inventory.ts";

export const INVENTORY_UI = {
  title: "مخطط الوحدات",
  pickProject: "اختر المشروع",
  noUnits: "لا توجد وحدات في هذا المشروع بعد",
  loadFailed: "تعذّر تحميل مخطط الوحدات",
  filters: "تصفية",
  allStates: "كل الحالات",
  allTypes: "كل النماذج",
  allRooms: "كل الغرف",
  priceMin: "السعر من",
  priceMax: "السعر إلى",
  building: "المبنى",
  hold: "حجز مؤقت",
  release: "إلغاء الحجز",
  block: "إيقاف الوحدة",
  unblock: "إعادة للبيع",
  heldBy: "محجوزة بواسطة",
  lead: "العميل",
  until: "حتى",
  frozenPrice: "السعر المثبت",
  history: "سجل الوحدة",
  noHistory: "لا توجد تغييرات بعد",
  done: "تم الحفظ",
  failed: "تعذّر تنفيذ الإجراء",
  priceOnRequest: "السعر عند الطلب",
  walkIn: "عميل بدون ملف",
} as const;

/** A state's label and its cell colours (the word is always written: colour only repeats it). */
export const STATE_STYLES: Record<InventoryState, string> = {
  available: "bg-success/15 ring-success/50",
  held: "bg-warning/25 ring-warning/70",
  reserved: "bg-brand-50 ring-brand-600/60",
  sold: "bg-black/10 ring-black/20 text-muted",
  blocked: "bg-danger/10 ring-danger/50",
};

/** The unit types section's words (docs/decisions/098-unit-type-admin.md). */
export const UNIT_TYPE_UI = {
  section: "نماذج الوحدات",
  hint: "قيم النموذج تظهر في كل وحدة من وحداته ما لم تُحدَّد للوحدة قيمة خاصة",
  add: "إضافة نموذج",
  addTitle: "نموذج جديد",
  editTitle: "تعديل النموذج",
  edit: "تعديل",
  remove: "حذف",
  name: "اسم النموذج",
  view: "الإطلالة",
  floorPlan: "مخطط النموذج",
  units: "الوحدات",
  none: "لا توجد نماذج بعد",
  saved: "تم حفظ النموذج",
  deleted: "تم حذف النموذج",
  failed: "تعذّر حفظ النموذج",
  deleteFailed: "تعذّر حذف النموذج",
  confirmDelete: "حذف هذا النموذج؟",
} as const;

/** The bulk price change and price list words (docs/decisions/078-stacking-plan-and-bulk-generation.md). */
export const PRICE_UI = {
  section: "تغيير الأسعار",
  building: "المبنى",
  anyBuilding: "كل المباني",
  floorFrom: "من الدور",
  floorTo: "إلى الدور",
  type: "النموذج",
  anyType: "كل النماذج",
  kind: "نوع التغيير",
  percent: "نسبة مئوية",
  fixed: "مبلغ ثابت (ريال)",
  amount: "قيمة التغيير",
  hint: "تُقرَّب الأسعار الجديدة إلى أقرب ١٬٠٠٠ ريال، ولا تتغير الوحدات المحجوزة مؤقتًا أو المحجوزة أو المباعة",
  preview: "معاينة",
  apply: "تطبيق التغيير",
  unit: "الوحدة",
  oldPrice: "السعر الحالي",
  newPrice: "السعر الجديد",
  state: "الحالة",
  changes: "الوحدات التي سيتغير سعرها",
  leftOut: "وحدات مستثناة",
  noChanges: "لا توجد وحدات يتغير سعرها",
  applied: "تم تغيير الأسعار",
  failed: "تعذّر تغيير الأسعار",
  download: "تنزيل قائمة الأسعار",
  downloadFailed: "تعذّر تنزيل قائمة الأسعار",
} as const;
