/**
 * The demo landing page of the featured project (demo-content.ts): one page with its six platform campaigns, and the
 * enquiries that came through it and the project pages, each opening its own lead.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "./connection.ts";
import { daysAgo } from "./demo-dates.ts";
import { contactMessages, type LandingItemRow, landingCampaigns, landingPages, leads } from "./schema.ts";

const LANDING_SLUG = "alsahel-residence";

const CAMPAIGN_NAMES = {
  x: "حملة إكس",
  tiktok: "حملة تيك توك",
  instagram: "حملة إنستغرام",
  snapchat: "حملة سناب شات",
  google: "حملة جوجل",
  facebook: "حملة فيسبوك",
} as const;
type Platform = keyof typeof CAMPAIGN_NAMES;
const CAMPAIGN_VISITS: Record<Platform, number> = {
  x: 214,
  tiktok: 1302,
  instagram: 876,
  snapchat: 1945,
  google: 655,
  facebook: 189,
};

/** What the landing page is built from: the project's id, stored image URLs, and the seeding moment. */
export interface DemoLandingInput {
  projectId: number;
  posterUrl: string;
  landingExterior: string;
  interiors: string[];
  aerials: string[];
  now: Date;
}

/** A seeded landing page: its id and the campaign id of each platform (null for none). */
export interface DemoLanding {
  pageId: number;
  campaignId: (platform: Platform) => number | null;
}

/** Inserts the landing page and its six campaigns in `tx`. Errors: whatever the database throws. */
export async function insertDemoLanding(tx: Tx, input: DemoLandingInput): Promise<DemoLanding> {
  // 5. Landing page of the featured project, with one campaign per advertised platform.
  const item = (text: string, image: string | null): LandingItemRow => ({ text, image });
  const landingCreated = daysAgo(input.now, 45, 13);
  const [page] = await tx
    .insert(landingPages)
    .values({
      projectId: input.projectId,
      slug: LANDING_SLUG,
      poster: input.posterUrl,
      images: [input.landingExterior, input.interiors[0], input.interiors[2]],
      videoUrl: null,
      features: [
        item("واجهات زجاجية عازلة للحرارة بإطلالة على البحر", input.landingExterior),
        item("مدخل فندقي بارتفاع مزدوج ومصعدان لكل عمارة", input.interiors[4]),
        item("مواقف خاصة في القبو لكل شقة", null),
        item("نظام أمن ومراقبة بالكاميرات على مدار الساعة", null),
      ],
      guarantees: [
        item("ضمان ٢٠ عامًا على الهيكل الإنشائي", null),
        item("ضمان ٥ سنوات على السباكة", null),
        item("ضمان ٥ سنوات على اللوحات والتمديدات الكهربائية", null),
        item("ضمان ١٠ سنوات على العزل المائي للأسطح", input.interiors[6]),
      ],
      buildingSpecs: [
        item("خرسانة مقاومة للأملاح مناسبة للمواقع الساحلية", input.aerials[0]),
        item("عزل حراري ومائي للأسطح والجدران وفق كود البناء السعودي", null),
        item("نوافذ ألمنيوم بزجاج مزدوج عازل للصوت والحرارة", null),
        item("أرضيات بورسلان فاخرة ومطابخ مجهزة", input.interiors[0]),
        item("تمديدات تكييف مخفية وسخانات مركزية", null),
      ],
      webhookUrl: null,
      publishedAt: landingCreated,
      createdAt: landingCreated,
      updatedAt: landingCreated,
    })
    .returning({ id: landingPages.id });
  const platforms = Object.keys(CAMPAIGN_NAMES) as Platform[];
  const campaigns = await tx
    .insert(landingCampaigns)
    .values(
      platforms.map((platform) => ({
        landingPageId: page.id,
        platformName: platform,
        urlSlug: `${platform}/${LANDING_SLUG}`,
        isCustom: false,
        displayName: CAMPAIGN_NAMES[platform],
        visits: CAMPAIGN_VISITS[platform],
        createdAt: landingCreated,
        updatedAt: landingCreated,
      })),
    )
    .returning({ id: landingCampaigns.id, platformName: landingCampaigns.platformName });
  const campaignId = (platform: Platform) => campaigns.find((c) => c.platformName === platform)?.id ?? null;
  return { pageId: page.id, campaignId };
}

/**
 * Inserts six enquiries in `tx` (a duplicate repeats a phone number received three days earlier), each opening its
 * own lead under its id (docs/decisions/061-enquiries-and-leads.md). `consentVersion` is privacy.version of the site
 * configuration. Errors: whatever the database throws.
 */
export async function insertDemoEnquiries(
  tx: Tx,
  input: DemoLanding & { projectId: (key: string) => number; consentVersion: string; now: Date },
): Promise<void> {
  const message = (
    days: number,
    hour: number,
    fields: Omit<typeof contactMessages.$inferInsert, "createdAt" | "consentAt" | "consentVersion">,
  ) => {
    const at = daysAgo(input.now, days, hour, 20);
    return { ...fields, consentVersion: input.consentVersion, consentAt: at, createdAt: at };
  };
  const campaignLead = (platform: Platform) => ({
    source: "campaign",
    landingPageId: input.pageId,
    campaignId: input.campaignId(platform),
    projectId: input.projectId("sahel"),
    attribution: { utmSource: platform, utmMedium: "paid_social", utmCampaign: LANDING_SLUG },
  });
  const enquiries = await tx
    .insert(contactMessages)
    .values([
      message(21, 19, {
        source: "project",
        projectId: input.projectId("naeem"),
        name: "خالد العتيبي",
        email: "khalid.alotaibi@example.com",
        phone: "+966590001122",
        message: "هل ما زالت هناك شقق متاحة بأربع غرف في واحة النعيم؟ وهل يمكن زيارة الشقة النموذجية يوم السبت؟",
        ipAddress: "203.0.113.24",
      }),
      message(14, 21, {
        ...campaignLead("instagram"),
        name: "ريم القحطاني",
        email: "reem.q@example.com",
        phone: "+966562223344",
        message: "أرغب في معرفة أسعار الشقق ذات الإطلالة البحرية وموعد التسليم المتوقع.",
        ipAddress: "203.0.113.57",
      }),
      message(9, 20, {
        ...campaignLead("snapchat"),
        name: "فيصل الزهراني",
        email: "faisal.alzahrani@example.com",
        phone: "+966541112233",
        message: "هل يتوفر تمويل عقاري بالتعاون مع البنوك؟ وما هي الدفعة الأولى المطلوبة؟",
        ipAddress: "203.0.113.81",
      }),
      message(6, 22, {
        ...campaignLead("snapchat"),
        isDuplicate: true,
        name: "فيصل الزهراني",
        email: "faisal.alzahrani@example.com",
        phone: "+966541112233",
        message: "أعيد إرسال طلبي: أرجو التواصل معي بخصوص شقة بخمس غرف في الساحل ريزيدنس.",
        ipAddress: "203.0.113.81",
      }),
      message(5, 11, {
        source: "project",
        projectId: input.projectId("rawdah"),
        name: "نورة الحربي",
        email: "noura.alharbi@example.com",
        phone: "+966551239876",
        message: "أرغب في حجز موعد لزيارة مشروع أبراج الروضة والاطلاع على الشقق في الأدوار العليا.",
        ipAddress: "203.0.113.102",
      }),
      message(2, 17, {
        source: "home",
        name: "عبدالله الغامدي",
        email: "abdullah.alghamdi@example.com",
        phone: "+966501234567",
        message: "السلام عليكم، أرغب في معرفة المشاريع المتاحة حاليًا في شمال جدة وطرق الدفع المتوفرة.",
        ipAddress: "203.0.113.140",
      }),
    ])
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  // Each demo enquiry opens its own lead, under its id (docs/decisions/061-enquiries-and-leads.md).
  await tx.insert(leads).values(enquiries.map((e) => ({ id: e.id, createdAt: e.createdAt })));
  await tx.update(contactMessages).set({ leadId: sql`${contactMessages.id}` });
}
