/**
 * The grid's live updates (live.ts, docs/decisions/076-unit-inventory-states-and-holds.md): POST
 * /api/inventory/stream-ticket (inventory.view) → `{ ticket }`, sealed, short-lived; GET
 * /api/projects/{id}/inventory/events?ticket= (public route: the ticket is the credential, 401 when it is not
 * valid) → server-sent events, one `change` per committed change.
 */

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { fileResponse } from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import { text } from "#domain/schemas/text.ts";
import type { SecretBox } from "#server/lib/secrets.ts";
import { unauthorized } from "../../lib/http-errors.ts";
import { requireAuth } from "../../plugins/auth.ts";
import { streamChanges, TICKET_TTL_MS } from "./live.ts";

/** Registers these routes on `app`. */
export async function inventoryLiveRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/inventory/stream-ticket",
    {
      config: { access: { permission: "inventory.view" } },
      schema: { response: { 200: z.object({ ticket: text() }) } },
    },
    async (request) => {
      const expires = app.clock().getTime() + TICKET_TTL_MS;
      return { ticket: app.secrets.seal(JSON.stringify({ u: requireAuth(request).user.id, e: expires })) };
    },
  );

  r.get(
    "/api/projects/:id/inventory/events",
    {
      config: { access: "public" },
      schema: {
        params: idParam,
        querystring: z.object({ ticket: text({ error: "التذكرة مطلوبة" }).min(1).max(1000) }),
        response: {
          200: fileResponse("Server-sent events: one `change` event per committed change", ["text/event-stream"]),
        },
      },
    },
    async (request, reply) => {
      if (!validTicket(app.secrets, request.query.ticket, app.clock().getTime())) throw unauthorized();
      reply.hijack();
      streamChanges(app, reply.raw, request.params.id);
    },
  );
}

/** Whether a stream ticket opens and has not expired at `nowMs`. */
function validTicket(secrets: SecretBox, ticket: string, nowMs: number): boolean {
  try {
    const { e } = JSON.parse(secrets.open(ticket)) as { e?: unknown };
    return typeof e === "number" && e > nowMs;
  } catch {
    return false;
  }
}
