/**
 * Property-based requests to every page (ARCHITECTURE security model: "never a 500 for anything a client can send";
 * docs/decisions/052-page-requests-never-5xx.md). The real route modules of src/web/routes.ts are served through Vite
 * in development mode (the same bridge, guard and actions as production, rendered from the sources), on a fresh
 * database holding one published project, progress update and landing page (with a custom campaign). fast-check
 * sends GETs and POSTs to each route of the table (docs/product.md §2.1) with real and arbitrary path segments and
 * queries, arbitrary content types and bodies (readable forms of the contact fields, multipart with and without a
 * boundary, JSON, raw bytes) and same-origin, foreign or missing Origin headers, plus odd targets (`//%00`, encoded
 * traversal, `%00`), all over a socket so that the targets arrive as sent.
 * Property: no answer is a 5xx, and nothing is logged as an error but React Router's own notes on the requests it
 * refuses with a 4xx (a foreign Origin on an action, a POST to a route without one).
 * PAGE_FUZZ_RUNS cases per route (30 by default, fixed seed; PAGE_FUZZ_SEED for another).
 */
import { Agent, request as httpRequest } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { createTestApp, type TestApp } from "../test-utils/app.ts";

const RUNS = Number(process.env.PAGE_FUZZ_RUNS ?? 30);
const SEED = Number(process.env.PAGE_FUZZ_SEED ?? 20261127);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const HOST = "localhost";
/** What React Router logs when it refuses a request with a 4xx (its default handleError logs those too). */
const REFUSAL_NOTES = [
  /origin does not match `origin` header from a forwarded action request/,
  /did not provide an `action` for route/,
];

interface PageCase {
  method: "GET" | "POST";
  target: string;
  contentType: string | undefined;
  payload: string | Buffer | undefined;
  origin: string | undefined;
}

/** The contact forms' fields (src/web/public/lib/contact-action.server.ts) and a few others. */
const fieldName = fc.oneof(
  fc.constantFrom(
    "name",
    "email",
    "phone",
    "message",
    "website",
    "marketingConsent",
    "attr_utm_source",
    "attr_gclid",
    "attr_referrer",
    "formStartedAt",
  ),
  fc.string({ maxLength: 8 }),
);
const fieldValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("محمد", "0551234567", "+966551234567", "a@b.co", "on", "\u0000", "٠٥٥١٢٣٤٥٦٧", "x".repeat(6000)),
);
const fields = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 8 });

/** Printable ASCII (what a header can carry). */
const headerText = fc.stringMatching(/^[\x20-\x7e]{0,60}$/);

function multipart(boundary: string, entries: [string, string][], file: boolean): string {
  const parts = entries.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "")}"\r\n\r\n${value}\r\n`,
  );
  if (file) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile\r\n`,
    );
  }
  return `${parts.join("")}--${boundary}--\r\n`;
}

/** A body with its content type: readable forms, broken forms, other types, raw bytes. */
const body: fc.Arbitrary<Pick<PageCase, "contentType" | "payload">> = fc.oneof(
  fields.map((entries) => ({
    contentType: "application/x-www-form-urlencoded",
    payload: new URLSearchParams(entries).toString(),
  })),
  fc.tuple(fields, fc.boolean(), fc.constantFrom("", "; charset=UTF-8")).map(([entries, file, charset]) => ({
    contentType: `multipart/form-data; boundary=fuzzBoundary${charset}`,
    payload: multipart("fuzzBoundary", entries, file),
  })),
  fc
    .tuple(fields, fc.nat(200), fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=other"))
    .map(([entries, cut, contentType]) => ({
      contentType,
      payload: multipart("fuzzBoundary", entries, false).slice(0, cut),
    })),
  fc.json().map((json) => ({ contentType: "application/json", payload: json })),
  fc
    .tuple(
      fc.oneof(
        fc.constantFrom(
          "text/plain",
          "text/plain;charset=UTF-8",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/octet-stream",
          "application/xml",
          "",
        ),
        headerText,
      ),
      fc.uint8Array({ maxLength: 3000 }),
    )
    .map(([contentType, bytes]) => ({ contentType: contentType || undefined, payload: Buffer.from(bytes) })),
  fc.constant({ contentType: undefined, payload: undefined }),
);

/** A path segment: mostly a real value (so that the route's action and loader run), else a near miss or arbitrary
 * text percent-encoded. */
const segment = (real: string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...real) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "0",
        "-1",
        "1.5",
        "999999",
        "99999999999999999999",
        "abc",
        encodeURIComponent("٣"),
        "%00",
        "..",
        "%2e%2e",
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ minLength: 1, maxLength: 30 })
        .map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "\ufffd"))),
    },
  );

const query = fc.oneof(
  fc.constant(""),
  fc.constant("?index"),
  fc
    .array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 })), { maxLength: 3 })
    .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
  fc.constantFrom("?utm_source=fb&fbclid=1", "?preview=x", "?search=%00", "?search=%ff", "?_data=root", "?index&x=%zz"),
);

const origin = fc.constantFrom(
  `http://${HOST}`,
  `http://${HOST}`,
  `http://${HOST}`,
  undefined,
  "null",
  "https://evil.example",
);

/** Odd request targets (any route): the ones that gave 500 and their neighbours. */
const oddTarget = fc.constantFrom(
  "//%00",
  "//",
  "///x",
  "/%00",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/..%2f..%2fetc/passwd",
  "/project/%00",
  "/update/1%00",
  "/campaign/%00/%00",
  "/%ff",
  "/project/%C0%AE",
  "/all-projects?search=%00",
  "/project/1.data",
  "/update/1.data?_routes=%00",
  "/.data",
  "/update/..",
  "/./project/1",
  "/\\evil.example",
  "/%2e%2e/admin",
);

function caseArbitrary(target: fc.Arbitrary<string>): fc.Arbitrary<PageCase> {
  return fc
    .record({ method: fc.constantFrom("GET", "POST", "POST", "POST"), target, body, origin, query })
    .map(({ method, target, body, origin, query }) => ({
      method: method as PageCase["method"],
      target: target.includes("?") ? target : `${target}${query}`,
      contentType: method === "POST" ? body.contentType : undefined,
      payload: method === "POST" ? body.payload : undefined,
      origin,
    }));
}

describe("property-based requests to every page", () => {
  let t: TestApp;
  const real = { project: "1", update: "1", slug: "project-1", customSlug: "winter-offer" };
  let consoleError: MockInstance<typeof console.error> | undefined;
  let address = "";
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const logged: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ pages: { mode: "development", root: ROOT } });
    const admin = await t.signIn("super_admin");
    const call = async (url: string, payload?: object) => {
      const res = await t.app.inject({ method: "POST", url, headers: t.bearer(admin.token), payload });
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
      return res.json();
    };
    const project = await call("/api/projects", { name: "مشروع التجربة", city: "جدة", price: 750000 });
    await call(`/api/projects/${project.id}/publish`);
    const update = await call("/api/project-updates", {
      projectId: project.id,
      title: "زيارة",
      concretePercentage: 30,
    });
    await call(`/api/project-updates/${update.id}/publish`);
    const page = await call(`/api/landing-pages/${project.id}`, { poster: "/media/images/aaaaaaaaaaaaaaaa.webp" });
    await call(`/api/landing-pages/${page.id}/publish`);
    const custom = await call(`/api/landing-pages/${page.id}/custom-campaign`, {
      platformName: "whatsapp",
      urlSlug: "winter-offer",
      displayName: "عرض الشتاء",
      webhookUrl: "",
    });
    Object.assign(real, {
      project: String(project.id),
      update: String(update.id),
      slug: page.slug,
      customSlug: custom.urlSlug,
    });
    // The first render compiles the route modules (Vite): once here, not inside a timed property.
    expect((await t.app.inject({ url: "/", headers: { host: HOST } })).statusCode).toBe(200);
    address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" "));
    });
  }, 240_000);
  afterAll(async () => {
    consoleError?.mockRestore();
    agent.destroy();
    await t?.close();
  });

  /**
   * Sends a case over a socket: the target exactly as generated (app.inject would fold `//` and dot segments away),
   * on kept-alive connections. Answers the status and the first characters of the body.
   */
  function send(c: PageCase): Promise<{ statusCode: number; body: string }> {
    const { port } = new URL(address);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          agent,
          host: "127.0.0.1",
          port,
          method: c.method,
          path: c.target,
          headers: {
            host: HOST,
            ...(c.origin ? { origin: c.origin } : {}),
            ...(c.contentType !== undefined ? { "content-type": c.contentType } : {}),
            ...(c.payload !== undefined ? { "content-length": String(Buffer.byteLength(c.payload)) } : {}),
          },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (text: string) => {
            if (body.length < 300) body += text;
          });
          res.on("end", () => resolve({ statusCode: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end(c.payload);
    });
  }

  /** Every route of the table of docs/product.md §2.1 (src/web/routes.ts), and odd targets. */
  const routes: [string, () => fc.Arbitrary<string>][] = [
    ["/ (home and its contact form)", () => fc.constant("/")],
    ["/all-projects", () => fc.constant("/all-projects")],
    ["/project/{id}", () => segment([real.project]).map((id) => `/project/${id}`)],
    ["/all-updates", () => fc.constant("/all-updates")],
    ["/update/{id}", () => segment([real.update]).map((id) => `/update/${id}`)],
    [
      "/campaign/{platform}/{slug}",
      () =>
        fc
          .tuple(segment(["facebook", "tiktok", "x"]), segment([real.slug]))
          .map(([platform, slug]) => `/campaign/${platform}/${slug}`),
    ],
    ["/campaign/{slug}", () => segment([real.customSlug]).map((slug) => `/campaign/${slug}`)],
    ["/privacy", () => fc.constant("/privacy")],
    ["/sitemap.xml and /robots.txt", () => fc.constantFrom("/sitemap.xml", "/robots.txt")],
    [
      "/admin routes",
      () => fc.constantFrom("/admin/login", "/admin", "/admin/projects/1", "/admin/units/1/edit", "/admin/leads/1"),
    ],
    ["any other path (not found)", () => segment(["no-such-page"]).map((s) => `/${s}`)],
    ["odd targets", () => oddTarget],
  ];

  it.each(routes)(
    `answers ${RUNS} generated requests to %s without a 5xx`,
    async (_name, target) => {
      logged.length = 0;
      await fc.assert(
        fc.asyncProperty(caseArbitrary(target()), async (c) => {
          const res = await send(c);
          const request = `${c.method} ${c.target} (${c.contentType})`;
          expect(res.statusCode, `${request}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          const errors = logged.splice(0).filter((line) => !REFUSAL_NOTES.some((note) => note.test(line)));
          expect(errors, request).toEqual([]);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    600_000,
  );
});
