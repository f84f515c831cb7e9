/**
 * The Host header must name a host: a hostname, IPv4 or bracketed IPv6 address with an optional port, as the
 * WHATWG URL parser reads it (RFC 9110 §7.2). Anything else (`a b`, `[::1`, `user@host`, `a/b`) answers 400 in the
 * error shape before any route runs: the page bridge builds the page's URL from it (pages/plugin.ts).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../lib/http-errors.ts";

export const HOST_INVALID = "عنوان المضيف في الطلب غير صالح";

/** Whether `host` (a Host header value) is a host[:port] and nothing more. */
export function isValidHostHeader(host: string): boolean {
  if (host.length === 0 || host.length > 300) return false;
  try {
    const url = new URL(`http://${host}`);
    return (
      url.hostname.length > 0 &&
      url.username === "" &&
      url.password === "" &&
      url.pathname === "/" &&
      url.search === "" &&
      url.hash === "" &&
      !host.endsWith("?") &&
      !host.endsWith("#") &&
      !host.includes("/")
    );
  } catch {
    return false;
  }
}

export const hostPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", async (request) => {
    const host = request.headers.host;
    if (host !== undefined && !isValidHostHeader(host)) throw new HttpError(400, HOST_INVALID);
  });
});
