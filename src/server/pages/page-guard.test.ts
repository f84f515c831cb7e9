/**
 * What a client may send to a page (page-guard.ts, page-body.ts, page-path.ts; docs/decisions/052-page-requests-never-5xx.md):
 * a form reaches the page's handler as it was sent; any other body is answered 415, an unreadable form 400, an
 * oversized body 413 — with an answer the sender reads even while it is still sending — and an odd target 400, all
 * in the error shape with an Arabic message. A stand-in handler reads the body as a route action does
 * (`request.formData()` on the Web Request).
 */
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorsPlugin } from "../plugins/errors.ts";
import { guardPageRequests } from "./page-guard.ts";

const LIMITS = { bodyLimitBytes: 1024 * 1024, drainLimitBytes: 16 * 1024 * 1024 };

/** An app with the guard on a page scope whose handler parses the form as an action does and echoes its fields. */
async function pageApp(limits = LIMITS): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(async (scope) => {
    guardPageRequests(scope, limits);
    scope.route({
      method: ["GET", "HEAD", "POST"],
      url: "/*",
      handler: async (request) => {
        if (request.method !== "POST") return { page: request.url };
        const body = request.body as Buffer;
        const form = await new Request("http://localhost/", {
          method: "POST",
          headers: { "content-type": String(request.headers["content-type"]) },
          body: new Uint8Array(body),
        }).formData();
        return Object.fromEntries([...form].map(([key, value]) => [key, typeof value === "string" ? value : "file"]));
      },
    });
  });
  return app;
}

/** A multipart body with a text field and a file part. */
function multipartBody(boundary: string): string {
  return [
    `--${boundary}`,
    'Content-Disposition: form-data; name="name"',
    "",
    "محمد",
    `--${boundary}`,
    'Content-Disposition: form-data; name="attachment"; filename="a.txt"',
    "Content-Type: text/plain",
    "",
    "hello",
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

describe("page bodies through app.inject", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await pageApp();
  });
  afterAll(async () => app.close());

  const post = (url: string, contentType: string | undefined, payload: string | Buffer) =>
    app.inject({ method: "POST", url, headers: contentType ? { "content-type": contentType } : {}, payload });

  it("hands a urlencoded or multipart form to the page as it was sent", async () => {
    const urlencoded = await post(
      "/project/1",
      "application/x-www-form-urlencoded; charset=UTF-8",
      "name=%D9%85%D8%AD%D9%85%D8%AF&phone=0551234567",
    );
    expect(urlencoded.statusCode).toBe(200);
    expect(urlencoded.json()).toEqual({ name: "محمد", phone: "0551234567" });
    const multipart = await post("/update/2", "multipart/form-data; boundary=XyZ", multipartBody("XyZ"));
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json()).toEqual({ name: "محمد", attachment: "file" });
    expect((await post("/?index", "application/x-www-form-urlencoded", "")).json()).toEqual({});
  });

  it.each([
    ["text/plain", "name=x"],
    ["application/json", '{"name":"x"}'],
    ["application/octet-stream", "\u0000\u0001"],
    ["text/html", "<p>x</p>"],
    ["multipart/mixed; boundary=x", "--x--"],
    ["not a type", "x"],
    [undefined, "name=x"],
  ])("answers 415 to a POST of %s", async (contentType, payload) => {
    const res = await post("/project/1", contentType, payload);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ statusCode: 415, error: "Unsupported Media Type", message: "نوع المحتوى غير مدعوم" });
  });

  it("answers 415 to a POST without a body", async () => {
    const res = await app.inject({ method: "POST", url: "/" });
    expect(res.statusCode).toBe(415);
  });

  it.each([
    ["multipart/form-data", multipartBody("XyZ")],
    ["multipart/form-data; boundary=XyZ", "no parts at all"],
    ["multipart/form-data; boundary=XyZ", multipartBody("XyZ").slice(0, 60)],
    ["multipart/form-data; boundary=XyZ", ""],
    ["multipart/form-data; boundary=other", multipartBody("XyZ")],
  ])("answers 400 to an unreadable form (%s)", async (contentType, payload) => {
    const res = await post("/update/2", contentType, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: "Bad Request", message: "الطلب غير صالح" });
  });

  it("answers 413 to a declared length over the limit, whatever the type", async () => {
    const res = await post("/project/1", "text/plain", "x".repeat(LIMITS.bodyLimitBytes + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("حجم الطلب أكبر من المسموح");
  });

  // app.inject folds dot segments away before the server sees them: those targets are sent over a socket below.
  it.each(["//%00", "/project/1%00", "//evil.example/x", "/..%2f..%2fetc/passwd"])(
    "answers 400 to the target %s, before reading a body",
    async (url) => {
      for (const method of ["GET", "POST"] as const) {
        const res = await app.inject({ method, url, headers: { "content-type": "text/plain" }, payload: "x" });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().message).toBe("الطلب غير صالح");
      }
    },
  );

  it("serves a GET without looking at a body", async () => {
    const res = await app.inject({ method: "GET", url: "/project/1" });
    expect(res.json()).toEqual({ page: "/project/1" });
  });
});

describe("oversized page bodies over a real connection", () => {
  let app: FastifyInstance;
  let address: string;
  beforeAll(async () => {
    app = await pageApp();
    address = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => app.close());

  it.each(["/%2e%2e/%2e%2e/etc/passwd", "/update/..", "/./project/1", "//%00", "/\\evil.example"])(
    "answers 400 to the raw target %s",
    async (target) => {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: "127.0.0.1", port: new URL(address).port, path: target }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (text: string) => {
            body += text;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on("error", reject);
        req.end();
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).message).toBe("الطلب غير صالح");
    },
  );

  it("answers an 8 MiB form with 413 that the sender reads after sending it all", async () => {
    // fetch sends the whole body before it reads the answer: closing the connection early made it fail (EPIPE).
    const body = `name=${"a".repeat(8 * 1024 * 1024)}`;
    for (const path of ["/project/1", "/?index"]) {
      const res = await fetch(`${address}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(res.status).toBe(413);
      expect((await res.json()).message).toBe("حجم الطلب أكبر من المسموح");
    }
    // The same connection pool goes on serving.
    const next = await fetch(`${address}/project/1`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=x",
    });
    expect(await next.json()).toEqual({ name: "x" });
  });
});

describe("a sender that does not stop", () => {
  let app: FastifyInstance;
  let address: string;
  const small = { bodyLimitBytes: 1024, drainLimitBytes: 256 * 1024 };
  beforeAll(async () => {
    app = await pageApp(small);
    address = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => app.close());

  it("gets its connection closed once the drain limit is passed", async () => {
    // A raw socket that announces 64 MiB and writes until the server closes the connection, whatever it answers.
    const { port } = new URL(address);
    const chunk = Buffer.alloc(16 * 1024, "a");
    let sent = 0;
    let answer = "";
    const ended = await new Promise<string>((resolve) => {
      const socket = connect({ host: "127.0.0.1", port: Number(port) });
      socket.setEncoding("utf8");
      socket.on("data", (text: string) => {
        answer += text;
      });
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
      socket.on("close", () => resolve("closed"));
      socket.write(
        "POST /project/1 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
          `Content-Length: ${64 * 1024 * 1024}\r\n\r\n`,
      );
      const pump = () => {
        while (sent < 64 * 1024 * 1024 && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once("drain", pump);
        }
      };
      pump();
    });
    expect(["closed", "EPIPE", "ECONNRESET"]).toContain(ended);
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    // Well before the 64 MiB it announced: the drain limit plus what the sockets' buffers held.
    expect(sent).toBeLessThan(32 * 1024 * 1024);
  });
});
