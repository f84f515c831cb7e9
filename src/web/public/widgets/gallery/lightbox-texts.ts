/**
 * The lightbox's Arabic labels (SPEC §2.6): gallery.tsx writes them into data attributes, gallery.island.ts sets
 * them on the lightbox `<dialog>`.
 */
export const LIGHTBOX_TEXTS = {
  label: "عارض الصور",
  previous: "الصورة السابقة",
  next: "الصورة التالية",
  close: "إغلاق",
} as const;
