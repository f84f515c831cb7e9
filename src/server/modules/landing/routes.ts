/** Landing pages, campaigns and webhook delivery (issue 6). */
import type { FastifyInstance } from "fastify";

export async function landingRoutes(_app: FastifyInstance) {}
