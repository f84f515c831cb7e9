/**
 * Property-based requests to every /api route (ARCHITECTURE security model: "bad input → 400, never a 500").
 * Each route's zod schemas (params, querystring, body; app.declaredRoutes, from the auth plugin's onRoute hook)
 * give the shape of its requests (test-utils/fuzz.ts), mixed with hostile values; each request goes out
 * anonymously or as a super_admin (so signed-in routes get past the guard and their input is really validated).
 * Property: no answer is a 5xx, and every 4xx is the product's error shape with an Arabic message that does not
 * echo the input; neither the message nor any field message carries an English word (docs/architecture.md
 * resolution 11, "No English": these are the texts the back office's error toasts and form fields show). FUZZ_RUNS cases per route (200 in the normal run, fixed seed); `npm run fuzz` runs more and
 * prints the count per route (FUZZ_REPORT=1).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "./db/tables/auth.ts";
import { hashToken, newToken } from "./lib/tokens.ts";
import type { DeclaredRoute } from "./plugins/auth.ts";
import { createTestApp, type TestApp } from "./test-utils/app.ts";
import {
  asText,
  bodyFor,
  type FuzzBody,
  fromJsonSchema,
  HOSTILE_MARKER,
  jsonSchemaOf,
  pathSegment,
} from "./test-utils/fuzz.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const REPORT = process.env.FUZZ_REPORT === "1";
const ARABIC = /[\u0600-\u06ff]/;
/** Latin words an Arabic message may name: platforms, formats and standards (the e2e Arabic-only scan's list). */
const LATIN_ALLOWED = new Set([
  "x",
  "tiktok",
  "instagram",
  "snapchat",
  "google",
  "facebook",
  "whatsapp",
  "linkedin",
  "youtube",
  "excel",
  "png",
  "jpg",
  "jpeg",
  "webp",
  "avif",
  "pdf",
  "mp4",
  "webm",
  "xlsx",
  "xls",
  "csv",
  "url",
  "https",
  "http",
  "utm",
  "id",
  "totp",
]);

/** The English words of an error text (two letters or more, outside the allow-list). */
function englishWords(text: string): string[] {
  return [...text.matchAll(/[A-Za-z][A-Za-z'-]+/g)]
    .map((m) => m[0])
    .filter((word) => !LATIN_ALLOWED.has(word.toLowerCase()) && !/^X+$/.test(word)); // X…X: a digit mask (05XXXXXXXX)
}

interface FuzzCase {
  caller: "anonymous" | "super_admin";
  path: string[];
  query: unknown;
  rawQuery: string;
  body: FuzzBody;
}

interface RouteTally {
  cases: number;
  serverErrors: number;
  badShape: number;
  statuses: Record<number, number>;
  examples: string[];
  ms: number;
}

/** The arbitrary of one route's requests. */
function caseFor(route: DeclaredRoute): fc.Arbitrary<FuzzCase> {
  const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown };
  const params = jsonSchemaOf(schema.params);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const hasBody = ["POST", "PUT", "PATCH", "DELETE"].includes(route.method);
  return fc.record({
    caller: route.access === "public" ? fc.constantFrom("anonymous", "super_admin") : fc.constantFrom("super_admin"),
    path: fc.tuple(...names.map((name) => pathSegment(params?.properties?.[name]))),
    query: schema.querystring
      ? fromJsonSchema(jsonSchemaOf(schema.querystring))
      : fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 10 }), { maxKeys: 2 }),
    rawQuery: fc.constantFrom("", "", "", "", "%zz=1", "q=%00", "a[b]=1&a[c]=2", "from=0000-01-01"),
    body: hasBody ? bodyFor(jsonSchemaOf(schema.body)) : fc.constant<FuzzBody>({ kind: "none" }),
  }) as fc.Arbitrary<FuzzCase>;
}

/** encodeURIComponent of well-formed text (a lone surrogate becomes U+FFFD, as a browser would send it). */
const enc = (value: string) =>
  encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
  );

/** The request URL of a case: path segments URL-encoded (hostile ones are sent raw), the query after it. */
function urlOf(route: DeclaredRoute, c: FuzzCase): string {
  let index = 0;
  const path = route.url.replace(/:(\w+)/g, () => {
    const value = c.path[index++] ?? "";
    return /%|\.\./.test(value) && value.length < 20 ? value : enc(value);
  });
  const parts: string[] = [];
  if (c.query && typeof c.query === "object" && !Array.isArray(c.query)) {
    for (const [key, value] of Object.entries(c.query)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined) parts.push(`${enc(key)}=${enc(asText(item))}`);
      }
    }
  }
  if (c.rawQuery) parts.push(c.rawQuery);
  return parts.length ? `${path}?${parts.join("&")}` : path;
}

describe("property-based requests to every route", () => {
  let t: TestApp;
  let superAdminId: string;
  let routes: DeclaredRoute[];

  beforeAll(async () => {
    t = await createTestApp();
    superAdminId = await t.createUser("super_admin");
    routes = t.app.declaredRoutes.filter((r) => r.url.startsWith("/api"));
  }, 120_000);
  afterAll(async () => t?.close());

  /** A fresh session: a route may end the caller's session (logout) as a side effect. */
  async function superAdminToken(): Promise<string> {
    const token = newToken();
    await t.db.insert(sessions).values({
      userId: superAdminId,
      accessTokenHash: hashToken(token),
      accessExpiresAt: new Date(Date.now() + 600_000),
      refreshTokenHash: hashToken(newToken()),
      refreshExpiresAt: new Date(Date.now() + 600_000),
    });
    return token;
  }

  it(`answers ${RUNS} generated requests per route without a 5xx, in the error shape, in Arabic`, async () => {
    const tallies = new Map<string, RouteTally>();
    let token: string | undefined;
    for (const [routeIndex, route] of routes.entries()) {
      const name = `${route.method} ${route.url}`;
      const tally: RouteTally = { cases: 0, serverErrors: 0, badShape: 0, statuses: {}, examples: [], ms: 0 };
      tallies.set(name, tally);
      const started = performance.now();
      const cases = fc.sample(caseFor(route), { seed: SEED + routeIndex, numRuns: RUNS });
      for (const c of cases) {
        const headers: Record<string, string> = {};
        if (c.caller === "super_admin") {
          // The auth routes may end the session they are called with: those get a fresh one each time.
          if (!token || route.url.startsWith("/api/auth/")) token = await superAdminToken();
          headers.authorization = `Bearer ${token}`;
        }
        let payload: string | Buffer | undefined;
        if (c.body.kind === "json") {
          headers["content-type"] = "application/json";
          payload = JSON.stringify(c.body.value ?? null);
        } else if (c.body.kind === "raw") {
          headers["content-type"] = c.body.contentType;
          payload = c.body.payload;
        }
        const url = urlOf(route, c);
        const res = await t.app.inject({ method: route.method as "GET", url, headers, payload });
        tally.cases += 1;
        tally.statuses[res.statusCode] = (tally.statuses[res.statusCode] ?? 0) + 1;
        let problem: string | null = null;
        if (res.statusCode >= 500) {
          tally.serverErrors += 1;
          problem = "5xx";
        } else if (res.statusCode >= 400) {
          let body: { statusCode?: unknown; message?: unknown; fields?: unknown } | null = null;
          try {
            body = res.json();
          } catch {
            body = null;
          }
          const shaped =
            body !== null &&
            body.statusCode === res.statusCode &&
            typeof body.message === "string" &&
            ARABIC.test(body.message) &&
            englishWords(body.message).length === 0 &&
            Object.values((body.fields ?? {}) as Record<string, unknown>).every(
              (text) => typeof text === "string" && ARABIC.test(text) && englishWords(text).length === 0,
            ) &&
            !res.body.includes(HOSTILE_MARKER);
          if (!shaped) {
            tally.badShape += 1;
            problem = "shape";
          }
        }
        if (problem && tally.examples.length < 3) {
          tally.examples.push(
            `${problem} ${res.statusCode} ${c.caller} ${url.slice(0, 200)} ${c.body.kind === "none" ? "" : JSON.stringify(payload?.toString().slice(0, 200))} → ${res.body.slice(0, 200)}`,
          );
        }
      }
      tally.ms = Math.round(performance.now() - started);
    }
    const rows = [...tallies].map(([name, tally]) => ({
      route: name,
      cases: tally.cases,
      "5xx": tally.serverErrors,
      "bad shape": tally.badShape,
      ms: tally.ms,
      statuses: Object.entries(tally.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(" "),
    }));
    const serverErrors = rows.reduce((sum, r) => sum + r["5xx"], 0);
    const badShapes = rows.reduce((sum, r) => sum + r["bad shape"], 0);
    if (REPORT) {
      console.table(rows);
      console.log(
        `fuzz: ${routes.length} routes, ${rows.reduce((s, r) => s + r.cases, 0)} requests, ${serverErrors} answered 5xx, ${badShapes} outside the error shape (seed ${SEED})`,
      );
    }
    const failures = [...tallies].flatMap(([name, tally]) => tally.examples.map((e) => `${name}: ${e}`));
    expect(failures).toEqual([]);
    expect(Math.min(...rows.map((r) => r.cases))).toBeGreaterThanOrEqual(RUNS);
  }, 900_000);
});
