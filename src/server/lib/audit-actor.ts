/**
 * The audit actor of a request: the signed-in user and the client's IP (ARCHITECTURE security model: every audit
 * row names who and from where). Errors: 401 (via requireAuth) when the request carries no session.
 */
import type { FastifyRequest } from "fastify";
import type { AuditActor } from "../modules/audit/service.ts";
import { requireAuth } from "../plugins/auth.ts";

/** `{ userId, ip }` of a signed-in request. */
export function actorOf(request: FastifyRequest): AuditActor {
  return { userId: requireAuth(request).user.id, ip: request.ip };
}
