/**
 * The demo's projects (demo-content.ts, README.md "demo content"): seven residential projects in real Jeddah
 * districts with their facts, guarantees and the plan of their units (buildings, floors, how many sold and reserved).
 * Areas in m², prices in SAR; dates are days before the time of seeding.
 */
export const CITY = "جدة";

/** Unit directions as stored (SPEC §5.6 labels in Arabic). */
export const DIRECTIONS = ["شمال", "جنوب", "شرق", "غرب", "شمال شرق", "شمال غرب", "جنوب شرق", "جنوب غرب"] as const;

export type Stages = { concrete: number; plumbing: number; electrical: number; finishing: number };

export interface UnitPlan {
  buildings: string[];
  perBuilding: number;
  /** Units per floor; floors are numbered from 0 (ground). */
  perFloor: number;
  sold: number;
  reserved: number;
  /** Private area (m²) of the smallest unit; larger room counts add to it. */
  baseArea: number;
}

export interface ProjectSeed {
  key: string;
  name: string;
  description: string;
  /** Starting price, SAR. */
  price: number;
  district: string;
  latitude: number;
  longitude: number;
  featuredRank: number | null;
  distanceFromLandmark: string[];
  area: { type: "single"; size: number } | { type: "range"; min: number; max: number };
  rooms: { type: "single"; count: number } | { type: "range"; min: number; max: number };
  bathrooms: number;
  hasGarage: boolean;
  hasDriverRoom: boolean;
  hasMaidRoom: boolean;
  guarantees: { type: string; years: number }[];
  /** Overall completion, %. */
  completion: number;
  stages: Stages;
  advertisingLicenseNumber: string | null;
  wafiLicenseNumber: string | null;
  titleDeedNumber: string | null;
  imageCount: number;
  createdDaysAgo: number;
  units: UnitPlan | null;
}

export const STANDARD_GUARANTEES = [
  { type: "structural", years: 20 },
  { type: "plumbing", years: 5 },
  { type: "electrical_panels", years: 5 },
];

export const PROJECTS: ProjectSeed[] = [
  {
    key: "sahel",
    name: "مشروع الساحل ريزيدنس - الشاطئ",
    description:
      "عمارتان سكنيتان فاخرتان على بعد دقائق من كورنيش جدة، بشقق واسعة تطل على البحر الأحمر من الأدوار العليا. " +
      "صُمّمت الواجهات بزجاج عازل للحرارة، ويضم المشروع مدخلًا فندقيًا ومواقف خاصة في القبو. " +
      "يُباع المشروع على الخارطة ضمن برنامج وافي بضمانات تمتد ٢٠ عامًا على الهيكل الإنشائي.",
    price: 1_850_000,
    district: "الشاطئ",
    latitude: 21.5987,
    longitude: 39.1093,
    featuredRank: 1,
    distanceFromLandmark: ["٥ دقائق من كورنيش جدة", "٣ دقائق من مسجد الرحمة", "١٠ دقائق من طريق الملك عبدالعزيز"],
    area: { type: "range", min: 165.5, max: 310 },
    rooms: { type: "range", min: 3, max: 5 },
    bathrooms: 4,
    hasGarage: true,
    hasDriverRoom: true,
    hasMaidRoom: true,
    guarantees: [...STANDARD_GUARANTEES, { type: "electrical_wiring", years: 5 }, { type: "العزل المائي", years: 10 }],
    completion: 65,
    stages: { concrete: 100, plumbing: 70, electrical: 60, finishing: 25 },
    advertisingLicenseNumber: "7200145863",
    wafiLicenseNumber: "1100023417",
    titleDeedNumber: "320211004567",
    imageCount: 5,
    createdDaysAgo: 185,
    units: { buildings: ["A", "B"], perBuilding: 8, perFloor: 2, sold: 5, reserved: 4, baseArea: 165.5 },
  },
  {
    key: "rawdah",
    name: "أبراج الروضة السكنية - الروضة",
    description:
      "برج سكني من ثمانية أدوار في قلب حي الروضة، قريب من شارع الأمير سلطان والمدارس والمراكز التجارية. " +
      "شقق بأربع غرف وتشطيبات عصرية، مع غرفة خادمة ومواقف مخصصة لكل شقة.",
    price: 1_150_000,
    district: "الروضة",
    latitude: 21.5643,
    longitude: 39.1552,
    featuredRank: 2,
    distanceFromLandmark: ["٣ دقائق من شارع الأمير سلطان", "٧ دقائق من شارع التحلية", "١٥ دقيقة من كورنيش جدة"],
    area: { type: "single", size: 185.75 },
    rooms: { type: "single", count: 4 },
    bathrooms: 3,
    hasGarage: true,
    hasDriverRoom: false,
    hasMaidRoom: true,
    guarantees: STANDARD_GUARANTEES,
    completion: 40,
    stages: { concrete: 85, plumbing: 30, electrical: 20, finishing: 0 },
    advertisingLicenseNumber: "7200152290",
    wafiLicenseNumber: "1100025108",
    titleDeedNumber: "420211007812",
    imageCount: 4,
    createdDaysAgo: 130,
    units: { buildings: ["1"], perBuilding: 12, perFloor: 2, sold: 2, reserved: 3, baseArea: 185.75 },
  },
  {
    key: "naeem",
    name: "واحة النعيم - النعيم",
    description:
      "مشروع سكني مكتمل وجاهز للسكن في حي النعيم الهادئ شمال جدة، بجوار المساجد والمدارس والحدائق. " +
      "شقق بثلاث وأربع غرف بتشطيب كامل، وتبقّى عدد محدود من الوحدات المتاحة للبيع.",
    price: 980_000,
    district: "النعيم",
    latitude: 21.6168,
    longitude: 39.1571,
    featuredRank: null,
    distanceFromLandmark: ["٥ دقائق من طريق المدينة المنورة", "١٠ دقائق من كورنيش جدة", "دقيقتان من حديقة الحي"],
    area: { type: "single", size: 160 },
    rooms: { type: "range", min: 3, max: 4 },
    bathrooms: 3,
    hasGarage: false,
    hasDriverRoom: false,
    hasMaidRoom: true,
    guarantees: [
      { type: "structural", years: 20 },
      { type: "plumbing", years: 5 },
      { type: "electrical_wiring", years: 5 },
    ],
    completion: 100,
    stages: { concrete: 100, plumbing: 100, electrical: 100, finishing: 100 },
    advertisingLicenseNumber: "7200139975",
    wafiLicenseNumber: null,
    titleDeedNumber: "320211002231",
    imageCount: 3,
    createdDaysAgo: 330,
    units: { buildings: ["A"], perBuilding: 10, perFloor: 2, sold: 7, reserved: 1, baseArea: 148.25 },
  },
  {
    key: "obhur",
    name: "إطلالة أبحر - أبحر الشمالية",
    description:
      "فلل سكنية مستقلة بتصميم معاصر في أبحر الشمالية، على مقربة من شرم أبحر والواجهة البحرية. " +
      "لكل فيلا حديقة خاصة وموقف مغطى وملحق للسائق، والمشروع في مرحلة التصاميم والتراخيص.",
    price: 3_200_000,
    district: "أبحر الشمالية",
    latitude: 21.7624,
    longitude: 39.1187,
    featuredRank: null,
    distanceFromLandmark: [
      "٥ دقائق من شرم أبحر",
      "١٥ دقيقة من مطار الملك عبدالعزيز الدولي",
      "١٠ دقائق من طريق الملك عبدالعزيز",
    ],
    area: { type: "range", min: 300, max: 450 },
    rooms: { type: "range", min: 5, max: 6 },
    bathrooms: 5,
    hasGarage: true,
    hasDriverRoom: true,
    hasMaidRoom: true,
    guarantees: [...STANDARD_GUARANTEES, { type: "electrical_wiring", years: 5 }],
    completion: 0,
    stages: { concrete: 0, plumbing: 0, electrical: 0, finishing: 0 },
    advertisingLicenseNumber: "7200160034",
    wafiLicenseNumber: "1100027745",
    titleDeedNumber: null,
    imageCount: 3,
    createdDaysAgo: 12,
    units: null,
  },
  {
    key: "zahra",
    name: "دار الزهراء - الزهراء",
    description:
      "عمارة سكنية مكتملة في حي الزهراء بشقق عملية بثلاث غرف، قريبة من طريق الملك عبدالعزيز والخدمات اليومية. " +
      "بيعت جميع وحدات المشروع وسُلّمت لملاكها.",
    price: 750_000,
    district: "الزهراء",
    latitude: 21.5834,
    longitude: 39.1379,
    featuredRank: null,
    distanceFromLandmark: ["٥ دقائق من طريق الملك عبدالعزيز", "٨ دقائق من كورنيش جدة"],
    area: { type: "single", size: 142.5 },
    rooms: { type: "single", count: 3 },
    bathrooms: 2,
    hasGarage: false,
    hasDriverRoom: false,
    hasMaidRoom: false,
    guarantees: STANDARD_GUARANTEES,
    completion: 100,
    stages: { concrete: 100, plumbing: 100, electrical: 100, finishing: 100 },
    advertisingLicenseNumber: null,
    wafiLicenseNumber: null,
    titleDeedNumber: "320211000918",
    imageCount: 3,
    createdDaysAgo: 420,
    units: { buildings: ["A"], perBuilding: 8, perFloor: 2, sold: 6, reserved: 2, baseArea: 142.5 },
  },
  {
    key: "muhammadiyah",
    name: "ريحانة المحمدية - المحمدية",
    description:
      "مجمع شقق فاخرة في حي المحمدية بمساحات كبيرة تناسب العائلات، مع ملحق للسائق وغرفة خادمة لكل وحدة. " +
      "يقع المشروع قرب طريق الأمير سلطان وأبرز المدارس العالمية شمال جدة، والأعمال الإنشائية جارية.",
    price: 2_150_000,
    district: "المحمدية",
    latitude: 21.6431,
    longitude: 39.1402,
    featuredRank: null,
    distanceFromLandmark: ["٥ دقائق من طريق الأمير سلطان", "١٠ دقائق من كورنيش جدة"],
    area: { type: "range", min: 210, max: 340 },
    rooms: { type: "range", min: 4, max: 6 },
    bathrooms: 4,
    hasGarage: true,
    hasDriverRoom: true,
    hasMaidRoom: true,
    guarantees: [...STANDARD_GUARANTEES, { type: "electrical_wiring", years: 5 }],
    completion: 20,
    stages: { concrete: 45, plumbing: 5, electrical: 0, finishing: 0 },
    advertisingLicenseNumber: "7200157721",
    wafiLicenseNumber: "1100026390",
    titleDeedNumber: "420211009954",
    imageCount: 3,
    createdDaysAgo: 60,
    units: { buildings: ["A"], perBuilding: 6, perFloor: 1, sold: 0, reserved: 1, baseArea: 210 },
  },
  {
    key: "salamah",
    name: "نخيل السلامة - السلامة",
    description:
      "ثلاث عمائر سكنية في حي السلامة بشقق من غرفتين إلى أربع غرف بأسعار مناسبة للأسر الشابة. " +
      "المشروع في مراحل التشطيب النهائية، ويقع قرب شارع صاري ومراكز التسوق.",
    price: 890_000,
    district: "السلامة",
    latitude: 21.5921,
    longitude: 39.1566,
    featuredRank: null,
    distanceFromLandmark: ["٣ دقائق من شارع صاري", "٧ دقائق من طريق المدينة المنورة"],
    area: { type: "range", min: 120.5, max: 198.25 },
    rooms: { type: "range", min: 2, max: 4 },
    bathrooms: 3,
    hasGarage: false,
    hasDriverRoom: false,
    hasMaidRoom: true,
    guarantees: STANDARD_GUARANTEES,
    completion: 85,
    stages: { concrete: 100, plumbing: 95, electrical: 90, finishing: 60 },
    advertisingLicenseNumber: "7200148802",
    wafiLicenseNumber: "1100024481",
    titleDeedNumber: "320211005530",
    imageCount: 3,
    createdDaysAgo: 200,
    units: { buildings: ["A", "B", "C"], perBuilding: 6, perFloor: 2, sold: 9, reserved: 4, baseArea: 120.5 },
  },
];
