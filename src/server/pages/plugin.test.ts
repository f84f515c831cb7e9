/**
 * Static files of the production build (docs/product.md §10.3: static assets are pre-compressed and cached
 * immutably): the brotli copy written by scripts/compress-assets.mjs is sent as it is, and static files and /media
 * uploads carry nosniff and CORP but none of the document-only headers (CSP, X-Frame-Options, …), which every page
 * and API answer keeps.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../test-utils/block-app.ts";
import { buildExports, writeStandInBuild } from "../test-utils/stand-in-build.ts";
import { PAGE_BODY_LIMIT_BYTES, pagesPlugin } from "./plugin.ts";

const SCRIPT = `export const greeting = ${JSON.stringify("مرحبا ".repeat(400))};\n`;
/** The copy as scripts/compress-assets.mjs writes it (quality 11): on-the-fly compression would give other bytes. */
const SCRIPT_BR = brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

describe("static files of the built site", () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "pages-static-"));
    await mkdir(path.join(root, "build", "server"), { recursive: true });
    await mkdir(path.join(root, "build", "client", "assets"), { recursive: true });
    // A stand-in server bundle: only static files are requested here, so the page handler is never created.
    await writeFile(path.join(root, "build", "server", "index.js"), "export const routes = {};\n");
    await writeFile(path.join(root, "build", "client", "assets", "entry-abc123.js"), SCRIPT);
    await writeFile(path.join(root, "build", "client", "assets", "entry-abc123.js.br"), SCRIPT_BR);
    app = Fastify({ logger: false });
    await app.register(helmet, { crossOriginEmbedderPolicy: false });
    await app.register(compress, { global: true, threshold: 1024 });
    await app.register(pagesPlugin, { mode: "production", root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it("sends the pre-compressed brotli copy to a browser that accepts brotli, cached immutably", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/assets/entry-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toContain("javascript");
    expect(res.headers.vary).toContain("accept-encoding");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.rawPayload.equals(SCRIPT_BR)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends the plain file to a client that accepts no compression", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/assets/entry-abc123.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it("keeps nosniff and CORP on a static file but not the document headers", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/entry-abc123.js" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    for (const header of [
      "content-security-policy",
      "x-frame-options",
      "cross-origin-opener-policy",
      "referrer-policy",
    ]) {
      expect(res.headers[header]).toBeUndefined();
    }
  });

  it("answers an unknown /api path with JSON 404, never the page handler", async () => {
    for (const url of ["/api/nonexistent", "/api/projects/1/nothing", "/api?x=1"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toContain("application/json");
    }
  });
});

describe("page form bodies", () => {
  let root: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    // A stand-in bundle: an oversized body is refused while it is read, before any page handler runs.
    root = await writeStandInBuild("pages-body-", "export const routes = {};\n");
    app = Fastify({ logger: false });
    await app.register((await import("../plugins/errors.ts")).errorsPlugin);
    await app.register(pagesPlugin, { mode: "production", root });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it("answers 413 in the error shape to a form body over 1 MiB, without echoing it", async () => {
    const marker = "ECHO-MARKER-";
    const res = await app.inject({
      method: "POST",
      url: "/?index",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `name=${marker.repeat(Math.ceil((PAGE_BODY_LIMIT_BYTES + 10) / marker.length))}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, message: "حجم الطلب أكبر من المسموح" });
    expect(res.body).not.toContain(marker);
    expect(res.body.length).toBeLessThan(500);
  });

  it("answers a streamed body without a length as soon as it passes 1 MiB", async () => {
    // A real socket (app.inject reads the whole payload first): the client keeps sending until the answer arrives,
    // then stops, as curl and browsers do.
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${address}/project/1`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x", "transfer-encoding": "chunked" },
      });
      let answered = false;
      req.on("response", (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (part) => {
          body += part;
        });
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      // The server may close the socket under the client's remaining writes once it has answered.
      req.on("error", (error) => {
        if (!answered) reject(error);
      });
      const pump = () => {
        // Bounded: at most 64 MiB are offered; the server must answer long before that.
        while (sent < 64 * 1024 * 1024 && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe("حجم الطلب أكبر من المسموح");
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });
});

describe("uploaded media", () => {
  const t = setUpTestApp();

  it("serves a stored file with nosniff, CORP and a short sandboxing CSP instead of the document headers", async () => {
    await t.app.storage.put("images/0123456789abcdef0123456789abcdef.webp", Buffer.from("RIFF0000WEBP"));
    const res = await t.app.inject({ method: "GET", url: "/media/images/0123456789abcdef0123456789abcdef.webp" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    expect(res.headers["x-frame-options"]).toBeUndefined();
    const api = await t.app.inject({ method: "GET", url: "/api/site" });
    expect(api.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(api.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("sends a referrer policy under which a page's own form post carries its origin", async () => {
    // Under "no-referrer" a browser posts a form with `Origin: null`, which the page actions' CSRF guard refuses
    // (docs/decisions/044-referrer-policy.md).
    const api = await t.app.inject({ method: "GET", url: "/api/site" });
    expect(api.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});

describe("a page whose visitor has gone away", () => {
  // A stand-in bundle with one route: its loader calls context.api twice, the first call waiting on a gate the test
  // opens after the client has disconnected; the entry's handleRequest records whether a render happened.
  const BUNDLE = `
const probe = globalThis.__pageAbortProbe;
export const entry = { module: { default: (request, status, headers) => { probe.rendered = true; return new Response("<html></html>", { status, headers }); } } };
export const routes = { root: { id: "root", path: "", module: {
  default: () => null,
  loader: async ({ context }) => {
    probe.entered();
    await probe.gate;
    try {
      probe.calls.push("first");
      await context.api("/api/health/live");
      probe.calls.push("second");
      await context.api("/api/health/live");
      return null;
    } finally {
      probe.done();
    }
  },
} } };
${buildExports({ rootHasLoader: true })}`;
  let root: string;
  let app: FastifyInstance;
  const probe = {
    gate: Promise.resolve(),
    entered: () => {},
    done: () => {},
    rendered: false,
    calls: [] as string[],
    api: 0,
  };
  beforeAll(async () => {
    root = await writeStandInBuild("pages-abort-", BUNDLE);
    (globalThis as { __pageAbortProbe?: typeof probe }).__pageAbortProbe = probe;
    app = Fastify({ logger: false });
    app.get("/api/health/live", async () => {
      probe.api += 1;
      return { ok: true };
    });
    await app.register(pagesPlugin, { mode: "production", root });
    await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it("a visitor who stays gets the rendered page after both API calls (the stand-in bundle works)", async () => {
    probe.gate = Promise.resolve();
    probe.calls = [];
    probe.api = 0;
    probe.rendered = false;
    const res = await app.inject({ url: "/" });
    expect(res.statusCode).toBe(200);
    expect(probe.calls).toEqual(["first", "second"]);
    expect(probe.api).toBe(2);
    expect(probe.rendered).toBe(true);
  });

  it("stops at the loader's next API call and is not rendered", async () => {
    let openGate: () => void = () => {};
    probe.gate = new Promise<void>((resolve) => (openGate = resolve));
    const entered = new Promise<void>((resolve) => (probe.entered = resolve));
    const loaderDone = new Promise<void>((resolve) => (probe.done = resolve));
    const serverSawClose = new Promise<void>((resolve) =>
      app.server.once("request", (_req, res) => res.once("close", () => resolve())),
    );
    probe.calls = [];
    probe.api = 0;
    probe.rendered = false;
    const { port } = app.server.address() as { port: number };
    const req = request({ host: "127.0.0.1", port, path: "/" });
    req.on("error", () => {});
    req.end();
    await entered;
    req.destroy();
    await serverSawClose;
    openGate();
    await loaderDone;
    // React Router checks the signal right after the loaders; give it a few turns to (not) render.
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(probe.calls).toEqual(["first"]);
    expect(probe.api).toBe(0);
    expect(probe.rendered).toBe(false);
  });
});
