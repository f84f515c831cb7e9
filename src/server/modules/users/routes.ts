/** GET /api/users (SPEC §7.2): staff accounts without password hashes. */
import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { users } from "../../db/schema.ts";
import { toPublicUser } from "../auth/service.ts";

export async function userRoutes(app: FastifyInstance) {
  app.get("/api/users", { config: { access: { permission: "users.view" } } }, async () => {
    const rows = await app.db.select().from(users).orderBy(asc(users.createdAt));
    return rows.map(toPublicUser);
  });
}
