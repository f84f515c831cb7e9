/**
 * Project input (SPEC §3 projects, §5.3 create/edit, §4.5 featured rank), one schema for the admin form and for
 * POST /api/projects and PUT /api/projects/{id}, so a request that bypasses the form gets the same Arabic messages.
 *
 * Units: price in SAR (integer), areas in m² (or m when areaUnit is "m", step 0.01), percentages 0–100 (integers),
 * latitude/longitude in degrees. id, createdAt, updatedAt and featuredRank are not accepted (strict object).
 */
import { z } from "zod";
import { AREA_STEP, BATHROOMS_MAX, BATHROOMS_MIN, ROOMS_MAX, ROOMS_MIN } from "../constants.ts";
import { countNoun, NOUNS } from "../format.ts";
import { GUARANTEE_TYPES } from "../project-rules.ts";
import { FIELD_MESSAGES, ignoredReadOnly, refusedReadOnly } from "./common.ts";
import { licenceDatesRule, projectLicenceShape } from "./licence.ts";
import { multilineText, text } from "./text.ts";

/** Arabic messages of SPEC §5.3 (word for word where SPEC gives them). */
export const PROJECT_MESSAGES = {
  nameRequired: "اسم المشروع مطلوب",
  nameExists: "هذا المشروع موجود مسبقًا",
  nameChecking: "جاري التحقق...",
  nameError: "خطأ في الاسم",
  fixErrors: "يجب تصحيح الأخطاء",
  mustLogin: "يجب تسجيل الدخول لإنشاء أو تعديل المشاريع",
  mustLoginButton: "يجب تسجيل الدخول",
  guaranteeTypeRequired: "نوع الضمان مطلوب",
  guaranteeYearsMin: "يجب أن تكون مدة الضمان سنة واحدة على الأقل",
  guaranteeDuplicate: "هذا الضمان موجود مسبقًا في القائمة",
  notANumber: "يجب إدخال رقم صحيح",
  roomsRange: "عند اختيار نطاق الغرف، يجب تحديد الحد الأدنى والأقصى لعدد الغرف",
  areaRange: "عند اختيار نطاق المساحة، يجب تحديد الحد الأدنى والأقصى للمساحة",
  roomsMinMin: "الحد الأدنى لعدد الغرف يجب أن يكون 1 على الأقل",
  roomsMaxMin: "الحد الأعلى لعدد الغرف يجب أن يكون 1 على الأقل",
  roomsMaxGteMin: "الحد الأقصى لعدد الغرف يجب أن يكون أكبر من أو يساوي الحد الأدنى",
  featuredRank: "يجب أن يكون الترتيب رقمًا صحيحًا موجبًا",
  // Not given word for word by SPEC; written once here.
  areaMin: "يجب أن تكون المساحة 1 على الأقل",
  areaMax: "المساحة أكبر من المسموح",
  roomsBetween: `يجب أن يكون عدد الغرف بين ${ROOMS_MIN} و ${ROOMS_MAX}`,
  bathroomsBetween: `يجب أن يكون عدد دورات المياه بين ${BATHROOMS_MIN} و ${BATHROOMS_MAX}`,
  percentage: "يجب أن تكون النسبة بين 0 و 100",
  price: "يجب أن يكون السعر رقمًا صحيحًا موجبًا",
  latitude: "خط العرض يجب أن يكون بين -90 و 90",
  longitude: "خط الطول يجب أن يكون بين -180 و 180",
  url: "يجب إدخال رابط صحيح",
  unknownField: FIELD_MESSAGES.unknown,
  tooManyItems: "عدد العناصر أكبر من المسموح",
} as const;

/** Largest area that fits decimal(10,2). */
export const AREA_MAX = 99_999_999.99;
/** Largest price that fits a PostgreSQL integer (SAR). */
export const PRICE_MAX = 2_147_483_647;
/** Upper bound of list fields (images, landmarks, guarantees). */
export const LIST_MAX = 100;

/**
 * Optional trimmed text that also accepts null (what the API sends back); blank becomes null. Control characters
 * are refused (text.ts); `multiline` keeps tab and line breaks (descriptions, notes).
 */
export const nullableText = (max: number, multiline = false) =>
  (multiline ? multilineText() : text())
    .trim()
    .max(max, `يجب ألا يزيد النص عن ${countNoun(max, NOUNS.character, { oblique: true })}`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** Empty input ("", null, undefined) of a number field. */
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * An optional number from a number or a numeric string; blank becomes null; a non-numeric string gives
 * "يجب إدخال رقم صحيح" (SPEC §5.3).
 */
function optionalNumber(check: (n: z.ZodNumber) => z.ZodNumber) {
  return z
    .union([z.number(), text(), z.null()])
    .optional()
    .transform((value, ctx): number | null => {
      if (isBlank(value)) return null;
      const n = typeof value === "number" ? value : Number(String(value).trim());
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: "custom", message: PROJECT_MESSAGES.notANumber });
        return z.NEVER;
      }
      return n;
    })
    .pipe(check(z.number()).nullable());
}

/** A percentage 0–100 (integer), from a number or numeric string; blank becomes `fallback`. */
const percentage = (fallback: number | null) =>
  z
    .union([z.number(), text(), z.null()])
    .optional()
    .transform((value, ctx): number | null => {
      if (isBlank(value)) return fallback;
      const n = typeof value === "number" ? value : Number(String(value).trim());
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: "custom", message: PROJECT_MESSAGES.notANumber });
        return z.NEVER;
      }
      return n;
    })
    .pipe(
      z
        .number()
        .int(PROJECT_MESSAGES.percentage)
        .min(0, PROJECT_MESSAGES.percentage)
        .max(100, PROJECT_MESSAGES.percentage)
        .nullable(),
    );

/** A required percentage 0–100, 0 when blank. */
export const percentageField = () => percentage(0).transform((v) => v ?? 0);

const area = () =>
  optionalNumber((n) => n.min(1, PROJECT_MESSAGES.areaMin).max(AREA_MAX, PROJECT_MESSAGES.areaMax)).transform((v) =>
    v === null ? null : Math.round(v / AREA_STEP) / Math.round(1 / AREA_STEP),
  );
const rooms = (minMessage: string = PROJECT_MESSAGES.roomsBetween) =>
  optionalNumber((n) =>
    n.int(PROJECT_MESSAGES.notANumber).min(ROOMS_MIN, minMessage).max(ROOMS_MAX, PROJECT_MESSAGES.roomsBetween),
  );

/**
 * A link to uploaded media (/media/…) or an http(s) address. Other schemes (javascript:, data:) are refused.
 * Blank becomes null.
 */
export const mediaUrl = () =>
  text()
    .trim()
    .max(2000, PROJECT_MESSAGES.url)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\/media\/[A-Za-z0-9/_.-]+$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), {
      message: PROJECT_MESSAGES.url,
    });

/** A required list entry of media links (an image URL). */
const mediaUrlItem = text()
  .trim()
  .max(2000, PROJECT_MESSAGES.url)
  .refine((v) => /^\/media\/[A-Za-z0-9/_.-]+$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), PROJECT_MESSAGES.url);

/** One guarantee {type, years}: type required and trimmed, years an integer ≥ 1 (SPEC §5.3). */
export const guaranteeSchema = z.object({
  type: text({ error: PROJECT_MESSAGES.guaranteeTypeRequired })
    .trim()
    .min(1, PROJECT_MESSAGES.guaranteeTypeRequired)
    .max(100, PROJECT_MESSAGES.guaranteeTypeRequired),
  years: z.coerce
    .number<string | number>({ error: PROJECT_MESSAGES.guaranteeYearsMin })
    .int(PROJECT_MESSAGES.guaranteeYearsMin)
    .min(1, PROJECT_MESSAGES.guaranteeYearsMin)
    .max(100, PROJECT_MESSAGES.guaranteeYearsMin),
});

/** Whether two guarantee types are the same (trimmed, case-insensitive: SPEC §5.3). */
export function sameGuaranteeType(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Whether `type` is one of the four standard types of SPEC §3. */
export function isStandardGuaranteeType(type: string): boolean {
  return (GUARANTEE_TYPES as readonly string[]).includes(type);
}

/**
 * Adds a custom guarantee type with 1 year (SPEC §5.3). The name is trimmed; empty gives
 * "نوع الضمان مطلوب", a case-insensitive duplicate gives "هذا الضمان موجود مسبقًا في القائمة".
 */
export function addCustomGuarantee(
  list: readonly { type: string; years: number }[],
  name: string,
): { ok: true; list: { type: string; years: number }[] } | { ok: false; error: string } {
  const type = name.trim();
  if (!type) return { ok: false, error: PROJECT_MESSAGES.guaranteeTypeRequired };
  if (list.some((g) => sameGuaranteeType(g.type, type)))
    return { ok: false, error: PROJECT_MESSAGES.guaranteeDuplicate };
  return { ok: true, list: [...list, { type, years: 1 }] };
}

const stringList = (max: number) =>
  z
    .array(text().trim().max(max), { error: PROJECT_MESSAGES.tooManyItems })
    .max(LIST_MAX, PROJECT_MESSAGES.tooManyItems)
    .optional()
    .transform((items) => (items ?? []).filter((item) => item.length > 0));

const bool = () =>
  z
    .boolean()
    .optional()
    .transform((v) => v ?? false);

/** The fields of a project input, before the cross-field rules. */
export const projectShape = {
  name: text({ error: PROJECT_MESSAGES.nameRequired })
    .trim()
    .min(1, PROJECT_MESSAGES.nameRequired)
    .max(200, PROJECT_MESSAGES.nameRequired),
  description: nullableText(10_000, true),
  price: optionalNumber((n) => n.int(PROJECT_MESSAGES.price).min(0, PROJECT_MESSAGES.price).max(PRICE_MAX)).transform(
    (v) => v ?? 0,
  ),
  city: nullableText(100),
  district: nullableText(100),
  latitude: optionalNumber((n) => n.min(-90, PROJECT_MESSAGES.latitude).max(90, PROJECT_MESSAGES.latitude)),
  longitude: optionalNumber((n) => n.min(-180, PROJECT_MESSAGES.longitude).max(180, PROJECT_MESSAGES.longitude)),
  distanceFromLandmark: stringList(300),
  areaType: z.enum(["single", "range"]).optional().default("single"),
  areaSize: area(),
  areaSizeMin: area(),
  areaSizeMax: area(),
  areaUnit: z.enum(["m", "m2"]).optional().default("m2"),
  roomsType: z.enum(["single", "range"]).optional().default("single"),
  rooms: rooms(),
  roomsMin: rooms(PROJECT_MESSAGES.roomsMinMin),
  roomsMax: rooms(PROJECT_MESSAGES.roomsMaxMin),
  bathrooms: optionalNumber((n) =>
    n
      .int(PROJECT_MESSAGES.notANumber)
      .min(BATHROOMS_MIN, PROJECT_MESSAGES.bathroomsBetween)
      .max(BATHROOMS_MAX, PROJECT_MESSAGES.bathroomsBetween),
  ),
  hasGarage: bool(),
  hasDriverRoom: bool(),
  hasMaidRoom: bool(),
  images: z
    .array(mediaUrlItem)
    .max(LIST_MAX, PROJECT_MESSAGES.tooManyItems)
    .optional()
    .transform((v) => v ?? []),
  videoUrl: mediaUrl(),
  pdfUrl: mediaUrl(),
  guarantees: z
    .array(guaranteeSchema)
    .max(LIST_MAX, PROJECT_MESSAGES.tooManyItems)
    .optional()
    .transform((v) => v ?? []),
  completionPercentage: percentageField(),
  salesOverrideEnabled: bool(),
  salesOverrideValue: percentage(null),
  concretePercentage: percentageField(),
  plumbingPercentage: percentageField(),
  electricalPercentage: percentageField(),
  finishingPercentage: percentageField(),
  advertisingLicenseNumber: nullableText(100),
  wafiLicenseNumber: nullableText(100),
  titleDeedNumber: nullableText(100),
  ...projectLicenceShape,
};

/** Fields a project's GET answer carries that the server sets: id, timestamps, the rank (its own call), computed. */
export const PROJECT_READ_ONLY = [
  "id",
  "featuredRank",
  "salesPercentage",
  "unitCounts",
  "licence",
  "publishedAt",
  "createdAt",
  "updatedAt",
] as const;

const unknownKey = {
  error: (issue: { code?: string }) => (issue.code === "unrecognized_keys" ? PROJECT_MESSAGES.unknownField : undefined),
};

/**
 * Cross-field rules of a project body: a rooms range needs both ends and max ≥ min; an area range likewise;
 * guarantee types are unique (case-insensitive).
 */
function projectRules(p: z.output<z.ZodObject<typeof projectShape>>, ctx: z.RefinementCtx) {
  licenceDatesRule(p, ctx);
  if (p.roomsType === "range") {
    if (p.roomsMin === null || p.roomsMax === null) {
      ctx.addIssue({
        code: "custom",
        path: [p.roomsMin === null ? "roomsMin" : "roomsMax"],
        message: PROJECT_MESSAGES.roomsRange,
      });
    } else if (p.roomsMax < p.roomsMin) {
      ctx.addIssue({ code: "custom", path: ["roomsMax"], message: PROJECT_MESSAGES.roomsMaxGteMin });
    }
  }
  if (p.areaType === "range") {
    if (p.areaSizeMin === null || p.areaSizeMax === null) {
      ctx.addIssue({
        code: "custom",
        path: [p.areaSizeMin === null ? "areaSizeMin" : "areaSizeMax"],
        message: PROJECT_MESSAGES.areaRange,
      });
    } else if (p.areaSizeMax < p.areaSizeMin) {
      ctx.addIssue({ code: "custom", path: ["areaSizeMax"], message: PROJECT_MESSAGES.areaRange });
    }
  }
  p.guarantees.forEach((g, index) => {
    if (p.guarantees.findIndex((other) => sameGuaranteeType(other.type, g.type)) < index) {
      ctx.addIssue({
        code: "custom",
        path: ["guarantees", index, "type"],
        message: PROJECT_MESSAGES.guaranteeDuplicate,
      });
    }
  });
}

/**
 * Read-only fields that the project form of SPEC sends with a new project (docs/product.md §3 lists them among the
 * project's fields and §5.3 refuses only id, createdAt, updatedAt and featuredRank): accepted and ignored on POST
 * too, so a client written from SPEC can create a project (ARCHITECTURE resolution 18,
 * docs/decisions/051-spec-bodies-accepted-as-written.md). The server's own value stands (resolution 1).
 */
export const PROJECT_SPEC_FORM_READ_ONLY = ["salesPercentage"] as const;

/**
 * POST /api/projects body, and the admin form's resolver (SPEC §5.3), with projectRules. Unknown keys are refused,
 * each on its own key ("حقل غير مسموح"); the read-only fields of PROJECT_READ_ONLY likewise ("حقل للقراءة فقط"),
 * except those of PROJECT_SPEC_FORM_READ_ONLY, which are accepted and ignored.
 */
export const projectInputSchema = z
  .strictObject(
    {
      ...projectShape,
      ...refusedReadOnly(
        PROJECT_READ_ONLY.filter(
          (key): key is Exclude<(typeof PROJECT_READ_ONLY)[number], (typeof PROJECT_SPEC_FORM_READ_ONLY)[number]> =>
            !(PROJECT_SPEC_FORM_READ_ONLY as readonly string[]).includes(key),
        ),
      ),
      ...ignoredReadOnly(PROJECT_SPEC_FORM_READ_ONLY),
    },
    unknownKey,
  )
  .superRefine(projectRules);

/**
 * PUT /api/projects/{id} body: the same fields and rules, and the read-only fields a GET answered are accepted and
 * ignored, so GET → edit → PUT round-trips (docs/decisions/013-request-bodies.md).
 */
export const projectReplaceSchema = z
  .strictObject({ ...projectShape, ...ignoredReadOnly(PROJECT_READ_ONLY) }, unknownKey)
  .superRefine(projectRules);

export type ProjectInput = z.input<typeof projectInputSchema>;
export type ProjectPayload = z.output<typeof projectInputSchema>;

/** POST /api/projects/{id}/set-featured-rank body: a positive integer or null (SPEC §4.5, §5.3). */
export const featuredRankSchema = z.object({
  rank: z
    .number({ error: PROJECT_MESSAGES.featuredRank })
    .int(PROJECT_MESSAGES.featuredRank)
    .positive(PROJECT_MESSAGES.featuredRank)
    .max(1_000_000, PROJECT_MESSAGES.featuredRank)
    .nullable(),
});
export type FeaturedRankInput = z.infer<typeof featuredRankSchema>;

/** The rank input of the featured dialog: empty or invalid input becomes 1 (SPEC §5.3, §9 default 1). */
export function parseFeaturedRankInput(value: string): number {
  const n = Number(value.trim());
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

/** GET /api/validate/project query: the name and city to check, and the project being edited (skipped). */
export const projectNameCheckQuery = z.object({
  name: text().trim().max(200).optional().default(""),
  city: text().trim().max(100).optional().default(""),
  excludeId: z.coerce.number<string>().int().positive().max(2_147_483_647).optional(),
});

/** GET /api/validate/project/{id}/guarantee query. */
export const guaranteeCheckQuery = z.object({
  type: text({ error: PROJECT_MESSAGES.guaranteeTypeRequired })
    .trim()
    .min(1, PROJECT_MESSAGES.guaranteeTypeRequired)
    .max(100),
});

/**
 * Compliance fields a project should carry for Saudi real-estate advertising (docs/product.md §10.2); missing ones are
 * warned about.
 */
export const COMPLIANCE_FIELDS = [
  { key: "advertisingLicenseNumber", label: "رقم ترخيص الإعلان العقاري (فال / الهيئة العامة للعقار)" },
  { key: "wafiLicenseNumber", label: "رقم ترخيص البيع على الخارطة (وافي)" },
  { key: "titleDeedNumber", label: "رقم صك الملكية" },
] as const;

/** Labels of the compliance fields missing from `p` (empty when all are set). */
export function missingComplianceFields(p: {
  advertisingLicenseNumber?: string | null;
  wafiLicenseNumber?: string | null;
  titleDeedNumber?: string | null;
}): string[] {
  return COMPLIANCE_FIELDS.filter((f) => !p[f.key]?.toString().trim()).map((f) => f.label);
}
