/**
 * The back office fits its screen (docs/product.md, admin on phones and tablets): signed in as the e2e super_admin on
 * the demo content, every admin screen at 390, 768 and 1280 px wide has no horizontal page scroll and no element
 * wider than the box it is shown in (cut off by a clipping parent, or out of the viewport); from 768 px a table may
 * scroll inside its own scroller.
 * Below 768 px no box scrolls sideways either (wide tables turn into cards). Each offender is named (tag, classes,
 * text) so a failure says what to fix. ADMIN_SCREENSHOTS=1 also saves a full-page screenshot of each screen under
 * e2e-output/admin-screens/ for a look by eye. The list of screens is checked against every signed-in admin route
 * of src/web/routes.ts, so a new screen cannot skip the check.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures/constants.ts";
import { signIn } from "./fixtures/staff.ts";

const WIDTHS = [390, 768, 1280] as const;

/**
 * Elements sticking out of their clipping ancestor (so cut off) or, without one, out of the viewport, sideways
 * scrollers below 768 px, and the page's own horizontal overflow (px).
 */
function findOverflow(): { pageOverflow: number; offenders: string[] } {
  const vw = document.documentElement.clientWidth;
  const offenders: string[] = [];
  const name = (el: Element, r: DOMRect) =>
    `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "")
      .split(" ")
      .slice(0, 4)
      .join(".")} [${Math.round(r.left)}..${Math.round(r.right)}] "${(el.textContent ?? "").trim().slice(0, 30)}"`;
  for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
    const r = el.getBoundingClientRect();
    // Below 768 px nothing may need a sideways scroll: a wide table becomes cards.
    const ox = getComputedStyle(el).overflowX;
    if (vw < 768 && (ox === "auto" || ox === "scroll") && el.scrollWidth > el.clientWidth + 1) {
      offenders.push(`scrolls sideways: ${name(el, r)}`);
    }
    // Visually hidden helpers (sr-only) and fixed layers (toasts, dialogs) are not page content.
    if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).position === "fixed") continue;
    // The nearest ancestor that clips or scrolls is the box this element must fit in; without one, the viewport.
    let box: Element | null = null;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== "visible") {
        box = a;
        break;
      }
    }
    const outer = box ? box.getBoundingClientRect() : { left: 0, right: vw, width: vw, height: vw };
    // Inside a visually hidden box (sr-only, e.g. a table header kept for screen readers on phones): not shown.
    if (outer.width <= 1 || outer.height <= 1) continue;
    if (r.right <= outer.right + 1 && r.left >= outer.left - 1) continue;
    // From 768 px a table may scroll inside its own scroller; anything else cut off or sticking out is a fault.
    const scroller = box && ["auto", "scroll"].includes(getComputedStyle(box).overflowX);
    if (scroller && vw >= 768) continue;
    offenders.push(name(el, r));
  }
  const pageOverflow = document.documentElement.scrollWidth - vw;
  if (pageOverflow > 0) {
    // Name the widest boxes, even inside clipping parents, to say what pushes the page.
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > vw + 1 || r.left < -1)) offenders.push(`pushes the page: ${name(el, r)}`);
    }
  }
  return { pageOverflow, offenders: offenders.slice(0, 8) };
}

/** The admin route patterns of src/web/routes.ts (`admin/…`), without the sign-in page. */
function adminRoutePatterns(): string[] {
  const source = readFileSync(new URL("../src/web/routes.ts", import.meta.url), "utf8");
  return [...source.matchAll(/route\("(admin[^"]*)"/g)].map((m) => `/${m[1]}`).filter((p) => p !== "/admin/login");
}

/** A concrete path matches a route pattern when its `:param` segments line up (query strings ignored). */
function matches(pattern: string, path: string): boolean {
  const a = pattern.split("/");
  const b = (path.split("?")[0] ?? "").split("/");
  return a.length === b.length && a.every((seg, i) => seg.startsWith(":") || seg === b[i]);
}

for (const width of WIDTHS) {
  test(`every admin screen fits ${width} px`, async ({ page, request }) => {
    // Every admin screen in one test (more than twenty, with screenshots when asked): more than the default minute.
    test.setTimeout(process.env.ADMIN_SCREENSHOTS ? 300_000 : 180_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    const projects = (await (await request.get("/api/projects")).json()) as { id: number }[];
    const projectId = projects[0]?.id;
    expect(projectId).toBeGreaterThan(0);
    const login = await request.post("/api/auth/login", { data: E2E_ADMIN });
    const leads = await request.get("/api/leads?limit=1", {
      headers: { authorization: `Bearer ${(await login.json()).token}` },
    });
    const leadId = ((await leads.json()) as { items: { id: number }[] }).items[0]?.id;
    expect(leadId).toBeGreaterThan(0);
    const units = (await (
      await request.get("/api/units", {
        headers: { authorization: `Bearer ${(await login.json()).token}` },
      })
    ).json()) as { id: number }[];
    const unitId = units[0]?.id;
    expect(unitId).toBeGreaterThan(0);
    const screens = [
      "/admin",
      "/admin/projects",
      `/admin/projects/${projectId}`,
      "/admin/project-updates",
      `/admin/units?project=${projectId}`,
      `/admin/units/new?project=${projectId}`,
      `/admin/units/upload?project=${projectId}`,
      `/admin/units/${unitId}/edit`,
      "/admin/inventory",
      "/admin/landing",
      "/admin/contact-messages",
      "/admin/leads",
      "/admin/leads/mine",
      `/admin/leads/${leadId}`,
      "/admin/leads/settings",
      "/admin/conversions",
      "/admin/compliance",
      "/admin/lead-forms",
      "/admin/visits",
      "/admin/visits/settings",
      "/admin/whatsapp",
      "/admin/payments",
      "/admin/employees",
      "/admin/permissions",
      "/admin/audit-log",
      "/admin/account",
    ];
    const missing = adminRoutePatterns().filter((pattern) => !screens.some((path) => matches(pattern, path)));
    expect(missing, "admin routes the overflow check does not visit").toEqual([]);
    for (const path of screens) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      if (process.env.ADMIN_SCREENSHOTS) {
        const slug = path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "admin";
        await page.screenshot({ path: `e2e-output/admin-screens/${width}-${slug}.png`, fullPage: true });
      }
      const found = await page.evaluate(findOverflow);
      expect.soft(found, `${path} at ${width} px`).toEqual({ pageOverflow: 0, offenders: [] });
    }
  });
}
