/**
 * What a client may send to a page, checked before React Router sees the request
 * (docs/decisions/052-page-requests-never-5xx.md; ARCHITECTURE security model: never a 500 for anything a client
 * can send). Answers in the one error shape (plugins/errors.ts gives the Arabic message of the status):
 * - 400 for a request target no page has (page-path.ts);
 * - 413 for a body over `bodyLimitBytes` — an actual answer, read by a client still sending (page-body.ts);
 * - 415 for a POST whose body is not a form, 400 for a form the platform's parser cannot read (page-body.ts).
 */
import type { FastifyInstance } from "fastify";
import { type PageBody, type PageBodyLimits, pageBodyParser, pageBodyProblem } from "./page-body.ts";
import { isRefusedPageTarget } from "./page-path.ts";

/** A refused page request: the error handler answers its status with the status's own message. */
export class PageRequestError extends Error {
  constructor(readonly statusCode: 400 | 413 | 415) {
    super(`page request refused (${statusCode})`);
    this.name = "PageRequestError";
  }
}

/**
 * Installs the checks on `scope`, the encapsulated plugin holding the page route: its only body parser
 * (page-body.ts, for every content type), the target check before anything is read, the body check before the
 * handler runs.
 */
export function guardPageRequests(scope: FastifyInstance, limits: PageBodyLimits): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", pageBodyParser(limits));
  scope.addHook("onRequest", async (request) => {
    if (isRefusedPageTarget(request.url)) throw new PageRequestError(400);
  });
  scope.addHook("preHandler", async (request) => {
    const status = await pageBodyProblem(
      request.method,
      request.headers["content-type"],
      request.body as PageBody | undefined,
    );
    if (status !== null) throw new PageRequestError(status);
  });
}
