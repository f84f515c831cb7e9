/** Audit log reads (issue 7). */
import type { FastifyInstance } from "fastify";

export async function auditRoutes(_app: FastifyInstance) {}
