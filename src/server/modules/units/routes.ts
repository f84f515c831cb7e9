/** GET /api/units (SPEC §7.2): all units, for staff with units.view (the dashboard counts them). */
import type { FastifyInstance } from "fastify";
import { listAllUnits } from "./service.ts";

export async function unitRoutes(app: FastifyInstance) {
  app.get("/api/units", { config: { access: { permission: "units.view" } } }, async () => listAllUnits(app.db));
}
