/**
 * The body a page accepts: a public form's post (docs/decisions/052-page-requests-never-5xx.md).
 *
 * Public forms post to their page's route action (ARCHITECTURE "the shape"), which reads the body with the platform's
 * `request.formData()`: anything but a well-formed urlencoded or multipart form makes it throw, which React Router
 * answers 500. So the bridge reads the body itself (at most `bodyLimitBytes`) and lets through only a form that the
 * same parser (undici's, behind `Response.formData()`) reads; everything else is answered 413, 415 or 400.
 */
import type { IncomingMessage } from "node:http";
import { MIMEType } from "node:util";
import type { FastifyRequest } from "fastify";

/** The body of a request that went over `bodyLimitBytes`: what was read of it is dropped. */
export const TOO_LARGE: unique symbol = Symbol("page body over its limit");
/** A page request's body as the parser leaves it: the bytes, or TOO_LARGE. */
export type PageBody = Buffer | typeof TOO_LARGE;

export interface PageBodyLimits {
  /** Largest body read and kept, bytes; a larger one is answered 413. */
  bodyLimitBytes: number;
  /**
   * Bytes of an oversized body read and thrown away after its 413 before the connection is closed, so the client,
   * still sending, reads the answer instead of a reset connection. Past it the socket is destroyed.
   */
  drainLimitBytes: number;
}

/** The media types of an HTML form's body (the form's `enctype`, text/plain aside: none of ours uses it). */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * A Fastify content-type parser (any type) for the page scope: the body as a Buffer of at most
 * `limits.bodyLimitBytes`, counted as it streams in, or TOO_LARGE as soon as the declared length or the bytes read pass
 * it. It never fails for size (Fastify would then answer with `Connection: close` and the client, still sending,
 * would get a reset instead of the answer): the rest of an oversized body is read and dropped up to
 * `limits.drainLimitBytes`, then the connection is destroyed. A stream error (the client went away) is a 400.
 */
export function pageBodyParser(limits: PageBodyLimits) {
  return (
    request: FastifyRequest,
    payload: IncomingMessage,
    done: (error: Error | null, body?: PageBody) => void,
  ): void => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error: Error | null, body?: PageBody) => {
      if (settled) return;
      settled = true;
      if (body === TOO_LARGE) chunks.length = 0;
      done(error, body);
    };
    const stop = () => {
      payload.removeListener("data", onData);
      payload.removeListener("end", onEnd);
      payload.removeListener("error", onError);
    };
    function onData(chunk: Buffer) {
      received += chunk.length;
      if (received > limits.drainLimitBytes) {
        stop();
        settle(null, TOO_LARGE);
        payload.destroy();
      } else if (received > limits.bodyLimitBytes) {
        settle(null, TOO_LARGE);
      } else if (!settled) {
        chunks.push(chunk);
      }
    }
    function onEnd() {
      stop();
      settle(null, Buffer.concat(chunks, received));
    }
    function onError(error: Error) {
      stop();
      settle(Object.assign(error, { statusCode: 400 }));
    }
    if (Number(request.headers["content-length"]) > limits.bodyLimitBytes) settle(null, TOO_LARGE);
    payload.on("data", onData);
    payload.on("end", onEnd);
    payload.on("error", onError);
    payload.resume();
  };
}

/**
 * The status a page request's body is refused with, or null when an action may read it:
 * - 413 when it went over its limit (TOO_LARGE), whatever the method;
 * - for a POST: 415 when its Content-Type is missing, unreadable or not a form's; 400 when it claims to be a form
 *   but the platform's form parser cannot read it (a multipart body without its boundary, cut short, …).
 * Other methods' bodies are never read by a page.
 */
export async function pageBodyProblem(
  method: string,
  contentType: string | undefined,
  body: PageBody | undefined,
): Promise<400 | 413 | 415 | null> {
  if (body === TOO_LARGE) return 413;
  if (method !== "POST") return null;
  let essence: string;
  try {
    essence = new MIMEType(contentType ?? "").essence;
  } catch {
    return 415;
  }
  if (!FORM_TYPES.has(essence)) return 415;
  try {
    await new Response(body ? new Uint8Array(body) : null, {
      headers: { "content-type": contentType ?? "" },
    }).formData();
    return null;
  } catch {
    return 400;
  }
}
