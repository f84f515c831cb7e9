import { describe, expect, it } from "vitest";
import { ENTRANCE } from "#domain/constants.ts";
import type { SiteConfig } from "#domain/site-config.ts";
import { ENTRANCE_STORAGE_KEY } from "~/public/widgets/entrance/contract.ts";
import { remainingAfterClick, shouldPlayEntrance } from "~/public/widgets/entrance/entrance.boot.ts";
import { siteOrigin } from "~/shared/lib/site-origin.ts";
import {
  projectPhrase,
  WHATSAPP_GREETING,
  whatsappHref,
  whatsappMessage,
  whatsappSubject,
} from "~/shared/lib/whatsapp.ts";
import { SIGNED_IN_COOKIE, STORED_USER_KEY } from "~/shared/session/auth-store.ts";
import {
  mayHaveStaffSession,
  SIGNED_IN_COOKIE_HINT,
  STORED_USER_KEY_HINT,
} from "~/shared/session/staff-session-hint.ts";
import { makeProject } from "~/test-utils/public-fixtures.ts";
import { breadcrumbJsonLd, pageMeta, projectJsonLd } from "./page-meta.ts";

const store = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

describe("entrance animation rule (SPEC §1)", () => {
  it("plays once per session on the home page only, never for reduced motion", () => {
    expect(shouldPlayEntrance({ pathname: "/", reducedMotion: false, storage: store({}) })).toBe(true);
    for (const pathname of ["/project/3", "/campaign/x/offer", "/campaign/offer", "/update/2", "/all-projects"]) {
      expect(shouldPlayEntrance({ pathname, reducedMotion: false, storage: store({}) }), pathname).toBe(false);
    }
    for (const pathname of ["/all-updates", "/privacy", "/unit/4"]) {
      expect(shouldPlayEntrance({ pathname, reducedMotion: false, storage: store({}) }), pathname).toBe(false);
    }
    expect(
      shouldPlayEntrance({ pathname: "/", reducedMotion: false, storage: store({ [ENTRANCE_STORAGE_KEY]: "1" }) }),
    ).toBe(false);
    expect(shouldPlayEntrance({ pathname: "/admin", reducedMotion: false, storage: store({}) })).toBe(false);
    expect(shouldPlayEntrance({ pathname: "/admin/projects", reducedMotion: false, storage: store({}) })).toBe(false);
    expect(shouldPlayEntrance({ pathname: "/", reducedMotion: true, storage: store({}) })).toBe(false);
    expect(shouldPlayEntrance({ pathname: "/", reducedMotion: false, storage: null })).toBe(false);
  });

  it("ignores a click before the doors open and ends about 0.7 s after a later click", () => {
    expect(remainingAfterClick(ENTRANCE.doorsOpenMs - 1)).toBeNull();
    expect(remainingAfterClick(ENTRANCE.doorsOpenMs)).toBe(700);
    expect(remainingAfterClick(2300)).toBe(300);
    expect(remainingAfterClick(3000)).toBe(0);
  });
});

describe("WhatsApp click-to-chat", () => {
  it("names the project and carries the page address on a project page", () => {
    const matches = [{ loaderData: {} }, { loaderData: { project: { name: "أبراج الشاطئ" }, units: [] } }];
    const text = whatsappMessage(whatsappSubject(matches), "https://example.sa/project/3");
    expect(text).toBe("السلام عليكم، أرغب في الاستفسار عن مشروع أبراج الشاطئ\nhttps://example.sa/project/3");
    expect(whatsappHref("966501234567", text)).toBe(`https://wa.me/966501234567?text=${encodeURIComponent(text)}`);
  });

  it("reads naturally when the project's name already starts with مشروع", () => {
    const page = (name: string) => whatsappSubject([{ loaderData: { project: { name }, units: [] } }]);
    expect(whatsappMessage(page("مشروع الساحل ٣"), "https://example.sa/project/1")).toBe(
      "السلام عليكم، أرغب في الاستفسار عن مشروع الساحل ٣\nhttps://example.sa/project/1",
    );
    expect(whatsappMessage(page("المشروع السكني"), "u")).not.toContain("مشروع المشروع");
    expect(projectPhrase(" أبراج الشاطئ ")).toBe("مشروع أبراج الشاطئ");
    const update = { update: { title: "صب السقف", projectName: "مشروع الروضة" }, project: null };
    expect(whatsappMessage(whatsappSubject([{ loaderData: update }]), "u")).toBe(
      "السلام عليكم، أرغب في الاستفسار عن تحديث «صب السقف» في مشروع الروضة\nu",
    );
  });

  it("names the update and its project on an update page, and greets generally elsewhere", () => {
    const update = { update: { title: "صب السقف", projectName: "فلل الروضة" }, project: null };
    expect(whatsappMessage(whatsappSubject([{ loaderData: update }]), "https://example.sa/update/9")).toBe(
      "السلام عليكم، أرغب في الاستفسار عن تحديث «صب السقف» في مشروع فلل الروضة\nhttps://example.sa/update/9",
    );
    expect(whatsappMessage(whatsappSubject([{ loaderData: { projects: [] } }]), "https://example.sa/")).toBe(
      WHATSAPP_GREETING,
    );
  });
});

describe("staff session hint (SPEC §4.1)", () => {
  it("uses the same names as the session store", () => {
    expect(STORED_USER_KEY_HINT).toBe(STORED_USER_KEY);
    expect(SIGNED_IN_COOKIE_HINT).toBe(SIGNED_IN_COOKIE);
  });

  it("is true with a stored user or the marker cookie only", () => {
    expect(mayHaveStaffSession(store({}), "")).toBe(false);
    expect(mayHaveStaffSession(store({ [STORED_USER_KEY]: "{}" }), "")).toBe(true);
    expect(mayHaveStaffSession(null, `a=1; ${SIGNED_IN_COOKIE}=1`)).toBe(true);
    expect(mayHaveStaffSession(null, "not_signed_in=1")).toBe(false);
  });
});

describe("head tags", () => {
  const site = {
    name: "دار الساحل",
    nameEn: "Dar Al Sahel",
    description: "شركة تطوير عقاري",
    logo: "/brand/logo.svg",
    email: "info@example.com",
    address: { ar: "جدة", en: "Jeddah" },
    social: { x: "https://x.com/example" },
  } as unknown as SiteConfig;
  const matches = [
    { id: "root", loaderData: { site, origin: "https://example.sa", phone: { e164: "+966126000000" } } },
  ];

  it("gives the canonical URL, Open Graph and Twitter tags with the first image, and the Organization", () => {
    const tags = pageMeta({
      matches,
      location: { pathname: "/project/3" },
      title: "أبراج الشاطئ",
      description: "وصف",
      image: "/media/images/0123456789abcdef0123456789abcdef.webp",
      breadcrumbs: [
        { label: "الرئيسية", to: "/" },
        { label: "أبراج الشاطئ", to: "/project/3" },
      ],
    });
    expect(tags).toContainEqual({ title: "أبراج الشاطئ | دار الساحل" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.sa/project/3" });
    const image = "https://example.sa/media/images/0123456789abcdef0123456789abcdef-1280.webp";
    expect(tags).toContainEqual({ property: "og:image", content: image });
    expect(tags).toContainEqual({ name: "twitter:image", content: image });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    const ld = tags.flatMap((t) => ("script:ld+json" in t ? [t["script:ld+json"] as Record<string, unknown>] : []));
    expect(ld.map((item) => item["@type"])).toEqual(["Organization", "BreadcrumbList"]);
    expect(ld[0]).toMatchObject({ name: "دار الساحل", telephone: "+966126000000", sameAs: ["https://x.com/example"] });
  });

  it("has no canonical without a location", () => {
    const tags = pageMeta({ matches, title: "x", description: "y" });
    expect(tags.some((t) => "rel" in t && t.rel === "canonical")).toBe(false);
  });

  it("describes a project as a residence offered in SAR, and a trail as a BreadcrumbList", () => {
    const project = makeProject({ id: 3, price: 950000, latitude: 21.5, longitude: 39.1 });
    const offer = projectJsonLd(project, "https://example.sa", "https://example.sa/project/3");
    expect(offer).toMatchObject({
      "@type": "Offer",
      price: 950000,
      priceCurrency: "SAR",
      itemOffered: { "@type": "Residence", name: project.name, geo: { latitude: 21.5, longitude: 39.1 } },
    });
    expect(projectJsonLd(makeProject({ price: 0 }), "https://e.sa", "https://e.sa/project/1")["@type"]).toBe(
      "Residence",
    );
    expect(breadcrumbJsonLd([{ label: "أ", to: "/" }, { label: "ب" }], "https://e.sa", "https://e.sa/x")).toMatchObject(
      {
        itemListElement: [
          { position: 1, name: "أ", item: "https://e.sa/" },
          { position: 2, name: "ب", item: "https://e.sa/x" },
        ],
      },
    );
  });

  it("takes the configured public URL, else the request's origin", () => {
    expect(siteOrigin({ publicUrl: "https://example.sa/" }, "http://127.0.0.1:3000/x")).toBe("https://example.sa");
    expect(siteOrigin({ name: "x" }, "http://127.0.0.1:3000/x?y=1")).toBe("http://127.0.0.1:3000");
  });
});
