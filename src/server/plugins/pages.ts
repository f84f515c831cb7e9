/**
 * The React Router bridge (ARCHITECTURE "the shape", STACK-NOTES "React Router behind Fastify").
 * Everything that is not /api or /media goes to React Router's request handler, converted to a Web Request
 * and back, so Fastify's hooks (compression, security headers, logs) apply to pages too.
 * Loaders read the API in-process through `context.api(path, init)` (app.inject), forwarding the visitor's IP.
 */
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ApiInit } from "../../domain/api-init.ts";
import { STATIC_FILE_HELMET } from "../lib/static-headers.ts";

export interface PagesOptions {
  /** development: Vite middleware with HMR; production: the built bundle in `buildDir`. */
  mode: "development" | "production";
  /** Project root (where vite.config.ts and build/ live). */
  root: string;
}

/** Largest body a page (a public form's route action) accepts: 1 MiB; forms carry a few KB of text. */
export const PAGE_BODY_LIMIT_BYTES = 1024 * 1024;

export async function pagesPlugin(app: FastifyInstance, options: PagesOptions) {
  let getBuild: () => Promise<ServerBuild>;

  if (options.mode === "development") {
    const { createServer } = await import("vite");
    await app.register((await import("@fastify/middie")).default);
    const vite = await createServer({
      root: options.root,
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: "custom",
    });
    app.use(vite.middlewares);
    app.addHook("onClose", async () => vite.close());
    getBuild = async () => (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  } else {
    const buildDir = path.join(options.root, "build");
    const build = (await import(path.join(buildDir, "server", "index.js"))) as ServerBuild;
    getBuild = async () => build;
    // Static files are not documents: only nosniff, CORP (and HSTS when on https) of helmet's headers apply to them.
    // This scope's only other route is the page handler "/*", which keeps every document header.
    app.addHook("onRoute", (route) => {
      if (route.url !== "/*") route.config = Object.assign(route.config ?? {}, { helmet: STATIC_FILE_HELMET });
    });
    await app.register(fastifyStatic, {
      root: path.join(buildDir, "client"),
      wildcard: false,
      // The .br / .gz copies written by scripts/compress-assets.mjs after the client build (brotli 11), chosen from
      // Accept-Encoding; a file without a copy falls back to on-the-fly compression by @fastify/compress.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable =
          filePath.includes(`${path.sep}assets${path.sep}`) || filePath.includes(`${path.sep}fonts${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  }

  const handlerFor = async () => createRequestHandler(await getBuild(), options.mode);

  // Page bodies (the public forms' route actions) are read here as a buffer of at most PAGE_BODY_LIMIT_BYTES, counted
  // as they stream in: a larger body is cut off and answered 413 in the error shape, never echoed or held whole.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: PAGE_BODY_LIMIT_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.route({
      method: ["GET", "HEAD", "POST"],
      url: "/*",
      config: { access: "public" },
      handler: async (request, reply) => {
        // An unknown /api path is an API answer (JSON 404 in the error shape), never the HTML not-found page.
        if (request.url === "/api" || request.url.startsWith("/api/") || request.url.startsWith("/api?")) {
          return reply.callNotFound();
        }
        const handler = await handlerFor();
        const controller = new AbortController();
        reply.raw.on("close", () => {
          if (!reply.raw.writableFinished) controller.abort();
        });
        const context = Object.assign(new RouterContextProvider(), { api: apiFor(app, request) });
        const response = await handler(toWebRequest(request, controller.signal), context);
        return sendWebResponse(reply, response);
      },
    });
  });
}

/** `context.api`: an in-process call to our own API, as the visitor (IP forwarded), without credentials. */
function apiFor(app: FastifyInstance, request: FastifyRequest) {
  return async (apiPath: string, init: ApiInit = {}): Promise<Response> => {
    const result = await app.inject({
      method: (init.method ?? "GET") as "GET",
      url: apiPath,
      remoteAddress: request.ip,
      headers: {
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(request.headers["user-agent"] ? { "user-agent": request.headers["user-agent"] } : {}),
        ...init.headers,
      },
      payload: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(result.headers)) {
      if (value === undefined || key === "content-encoding" || key === "content-length") continue;
      headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
    }
    return new Response(result.statusCode === 204 ? null : new Uint8Array(result.rawPayload), {
      status: result.statusCode,
      headers,
    });
  };
}

function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const body = request.method !== "GET" && request.method !== "HEAD" ? (request.body as Buffer | undefined) : undefined;
  return new Request(url, { method: request.method, headers, signal, ...(body ? { body: new Uint8Array(body) } : {}) });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
}
