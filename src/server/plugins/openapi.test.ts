/**
 * The API contract (docs/decisions/012-openapi.md): /api/openapi.json is an OpenAPI 3.1 document generated from the
 * routes' zod schemas, listing every registered /api route with its method, its module tag, its access rule, a
 * declared success answer and the shared error shape; /api/docs serves the reference page under the site's CSP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPEC_CALL } from "../modules/leads/intake/routes.ts";
import { createTestApp, type TestApp } from "../test-utils/app.ts";
import { describeAccess } from "./auth.ts";
import { DOCS_PREFIX, OPENAPI_PATH, ROUTE_TAGS } from "./openapi.ts";

interface Operation {
  tags?: string[];
  description?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }>; description?: string }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
}

/** Fastify's "/api/users/:id/permissions/:permissionId" → OpenAPI's "/api/users/{id}/permissions/{permissionId}". */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

describe("OpenAPI document", () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    doc = res.json();
  });
  afterAll(async () => t.close());

  const apiRoutes = () =>
    t.app.declaredRoutes.filter(
      (r) => r.url.startsWith("/api/") && r.url !== OPENAPI_PATH && !r.url.startsWith(DOCS_PREFIX),
    );

  it("is OpenAPI 3.1 and lists every registered /api route with its method", () => {
    expect(doc.openapi).toBe("3.1.0");
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes
      .filter((r) => !doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // …and nothing else: no page route, no documentation route.
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    const expected = new Set([
      ...routes.map((r) => `${r.method.toLowerCase()} ${openapiPath(r.url)}`),
      "get /media/{*}",
      "head /media/{*}",
    ]);
    expect(documented.filter((o) => !expected.has(o))).toEqual([]);
  });

  it("states each operation's access rule, tag and bearer requirement", () => {
    const tags = new Set(ROUTE_TAGS.map(([tag]) => tag));
    for (const route of apiRoutes()) {
      const op = doc.paths[openapiPath(route.url)][route.method.toLowerCase()];
      const where = `${route.method} ${route.url}`;
      const rule = describeAccess(route.access);
      if (rule.startsWith("permission:")) expect(op.description, where).toContain(`\`${rule.slice(11)}\``);
      else expect(op.description, where).toContain(rule === "signed-in" ? "signed-in" : rule);
      expect(op.tags?.length, where).toBe(1);
      expect(tags.has(op.tags?.[0] ?? ""), where).toBe(true);
      expect(Boolean(op.security?.length), where).toBe(route.access !== "public");
    }
  });

  it("marks SPEC's contact calls as the specification's, beside the lead desk's own calls", () => {
    const spec = [
      ["post", "/api/contact"],
      ["get", "/api/contact/messages"],
      ["get", "/api/contact/messages/export"],
      ["post", "/api/contact/messages/{id}/webhook-retry"],
      ["delete", "/api/contact/messages/{id}"],
    ];
    for (const [method, path] of spec) expect(doc.paths[path][method].description, path).toContain(SPEC_CALL);
    expect(doc.paths["/api/leads"].get.description).not.toContain(SPEC_CALL);
  });

  it("declares a success answer (JSON schema, empty 204 or a file's content type) and the shared error shape", () => {
    for (const route of apiRoutes()) {
      const op = doc.paths[openapiPath(route.url)][route.method.toLowerCase()];
      const where = `${route.method} ${route.url}`;
      const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
      expect(success.length, where).toBeGreaterThan(0);
      for (const [status, answer] of success) {
        if (status === "204") continue;
        const content = Object.values(answer.content ?? {});
        expect(content.length, where).toBeGreaterThan(0);
        for (const c of content) expect(c.schema, where).toBeTruthy();
      }
      for (const status of ["4XX", "5XX"]) {
        expect(JSON.stringify(op.responses[status]?.content), `${where} ${status}`).toContain(
          "#/components/schemas/ApiError",
        );
      }
    }
    expect(doc.components.schemas.ApiError.required).toEqual(["statusCode", "error", "message"]);
  });

  it("is generated from the zod schemas: request bodies with their rules, answers with their fields", () => {
    const create = doc.paths["/api/projects"].post;
    const body = create.requestBody?.content["application/json"].schema as { properties: Record<string, unknown> };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(["name", "price", "guarantees"]));
    expect(JSON.stringify(create.responses["201"])).toContain("#/components/schemas/Project");
    const project = doc.components.schemas.Project;
    expect(project.required).toEqual(expect.arrayContaining(["id", "salesPercentage", "unitCounts", "createdAt"]));
    // Every shared component is used by some operation (no unused input variants of the answers).
    const text = JSON.stringify(doc.paths);
    for (const name of Object.keys(doc.components.schemas)) {
      expect(text.includes(`"#/components/schemas/${name}"`) || name === "ApiError", name).toBe(true);
    }
    const template = doc.paths["/api/units/template.xlsx"].get.responses["200"].content ?? {};
    expect(Object.keys(template)).toEqual(["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]);
  });

  it("serves the reference page and its files from our own origin under the site's CSP", async () => {
    const page = await t.app.inject({ method: "GET", url: `${DOCS_PREFIX}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) {
      expect(source, source).not.toMatch(/^(https?:)?\/\//);
      const file = await t.app.inject({ method: "GET", url: new URL(source, `http://x${DOCS_PREFIX}/`).pathname });
      expect(file.statusCode, source).toBe(200);
    }
    const init = await t.app.inject({ method: "GET", url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(init.body).toContain(OPENAPI_PATH);
  });

  it("answers an unknown /api path with the JSON error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nonexistent" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: "Not Found", message: expect.any(String) });
  });
});
