/**
 * Business constants and limits of SPEC §9, one home for each.
 * Units are in the names: _MS milliseconds, _PX CSS pixels, _BYTES bytes.
 */

export const CURRENCY = "SAR";
/** Locale for numbers and money (SPEC §9: Arabic-Saudi, SAR, no decimals). */
export const NUMBER_LOCALE = "ar-SA";
/** Gregorian calendar with Arabic month names (ARCHITECTURE resolution 9). */
export const DATE_LOCALE = "ar-SA-u-ca-gregory";
export const HIJRI_LOCALE = "ar-SA-u-ca-islamic-umalqura";
/** Dates are shown in Jeddah time so the server and the browser render the same text. */
export const TIME_ZONE = "Asia/Riyadh";

export const COMPANY_EXPERIENCE_YEARS = 22;
/** Guarantees shown on the home page (SPEC §2.3, §9). */
export const HOME_GUARANTEES = [
  { key: "structure", years: 20 },
  { key: "plumbing", years: 5 },
  { key: "electrical", years: 5 },
] as const;
export const PARTNER_LOGO_COUNT = 7;
export const WORD_ROTATION_INTERVAL_MS = 1500;
export const HOME_LATEST_UPDATES = 6;
/** Projects the home page's carousel shows: the featured ones first, then the newest (docs/performance/web.md). */
export const HOME_PROJECTS = 12;
export const DASHBOARD_LIST_SIZE = 5;
export const CAROUSEL_SKELETON_CARDS = 5;
/** Carousel cards per page by viewport width (SPEC §2.3). */
export const CAROUSEL_BREAKPOINTS = [
  { minWidthPx: 1024, cards: 3 },
  { minWidthPx: 768, cards: 2 },
  { minWidthPx: 0, cards: 1 },
] as const;
export const GALLERY_SCROLL_PX = 320;
export const HOSTED_VIDEO_ID_LENGTH = 11;
export const MAP_ZOOM = 16;
export const COUNTRY_CODE = "+966";
export const NAME_CHECK_DEBOUNCE_MS = 500;
export const UNITS_PAGE_SIZE = 3;
export const ADMIN_PROJECT_SKELETONS = 6;
export const EMPLOYEE_SKELETON_ROWS = 5;
export const ROOMS_MIN = 1;
export const ROOMS_MAX = 10;
export const BATHROOMS_MIN = 1;
export const BATHROOMS_MAX = 500;
export const FLOOR_MIN = -5;
export const FLOOR_MAX = 50;
export const AREA_STEP = 0.01;
export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 50;
export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;
export const SPREADSHEET_MAX_ROWS = 5000;
export const IMPORT_ERRORS_SHOWN = 100;
export const MOBILE_BREAKPOINT_PX = 768;
export const RELOGIN_GUARD_MS = 5000;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const PENDING_DELETE_RESUME_MS = 1000;
export const CAMPAIGN_FORM_RESET_MS = 5000;
/** Entrance animation timings (SPEC §1), in ms. */
export const ENTRANCE = { doorsOpenMs: 800, logoFadeMs: 1400, endMs: 2600, clickEndMs: 700 } as const;
/** Sales ring colour steps: the colour changes above each value (SPEC §2.4). */
export const SALES_RING_STEPS = [25, 50, 75] as const;
/** A contact is a duplicate when the same phone or email arrived within this window (resolution 5). */
export const DUPLICATE_WINDOW_DAYS = 30;
/** Advertised platforms that get an automatic campaign (resolution 6). */
export const CAMPAIGN_PLATFORMS = ["x", "tiktok", "instagram", "snapchat", "google", "facebook"] as const;
export type CampaignPlatform = (typeof CAMPAIGN_PLATFORMS)[number];
