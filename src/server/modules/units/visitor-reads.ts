/**
 * Who reads a project's units on a public route, and at which moment (docs/compliance.md;
 * docs/decisions/096-unit-licence-on-pages-and-conversions.md;
 * docs/decisions/121-an-unlicensed-unit-leaves-every-public-read.md): staff (the projects' view permission) and a
 * valid preview link read every unit of any project, drafts too; a visitor reads a published project's units, each
 * judged by the licence that applies to it (its own, else the project's; the callers leave out what may not be
 * advertised). A unit page also reads its project, which answers the licence-offline 404 for an unlicensed project.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CONTENT_EXPIRES_HEADER, earliest, type LicenceContext, licenceContext } from "../../lib/compliance-rules.ts";
import { assertProjectExists } from "../projects/service.ts";
import { draftsVisible } from "../publishing/service.ts";

export interface UnitsReader {
  /** The app clock's now, one for the whole read. */
  now: Date;
  /** Today in Asia/Riyadh at `now` and the licence policy in force. */
  licence: LicenceContext;
  /** A visitor: only advertised units of a published project. False for staff and a preview link. */
  visitor: boolean;
}

/**
 * The reader of project `projectId`'s units for this request (a staff or preview read is marked private by
 * draftsVisible). Errors: 404 PROJECT_NOT_FOUND when the project is unknown, or a draft read by a visitor.
 */
export async function unitsReader(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  projectId: number,
): Promise<UnitsReader> {
  const now = app.clock();
  const includeDrafts = await draftsVisible(app.db, request, reply, "project", projectId);
  await assertProjectExists(app.db, projectId, { includeDrafts });
  const licence = await licenceContext({ clock: () => now, licencePolicy: app.licencePolicy });
  return { now, licence, visitor: !includeDrafts };
}

/**
 * Sets the content-expiry header (the moment the answer changes by itself, which the page cache and CDN headers
 * follow: src/server/pages/plugin.ts) to the earliest of `instants` (ISO; nulls skipped); none leaves it unset.
 */
export function setContentExpires(reply: FastifyReply, instants: readonly (string | null | undefined)[]): void {
  const at = earliest(instants);
  if (at) reply.header(CONTENT_EXPIRES_HEADER, at);
}
