/**
 * The lightbox's Arabic labels (SPEC §2.6), shared by the React lightbox (components/gallery-lightbox.tsx) and the
 * islands' `<dialog>` (islands/gallery.ts, which reads them from data attributes image-gallery.tsx renders).
 */
export const LIGHTBOX_TEXTS = {
  label: "عارض الصور",
  previous: "الصورة السابقة",
  next: "الصورة التالية",
  close: "إغلاق",
} as const;
