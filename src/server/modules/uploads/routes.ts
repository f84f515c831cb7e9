/** Upload routes (issue 4): POST /api/upload/{kind} and /api/upload/images. */
import type { FastifyInstance } from "fastify";

export async function uploadRoutes(_app: FastifyInstance) {}
