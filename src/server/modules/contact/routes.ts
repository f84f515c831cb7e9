/**
 * POST /api/contact (public, rate-limited per IP, honeypot), GET /api/contact/messages,
 * DELETE /api/contact/messages/{id} (SPEC §7.2).
 */
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { idParam } from "../../../domain/schemas/common.ts";
import { contactSchema } from "../../../domain/schemas/contact.ts";
import { requireAuth } from "../../plugins/auth.ts";
import { createContactMessage, deleteContactMessage, listContactMessages } from "./service.ts";

/** Leads accepted per IP per window: generous for an office NAT, low enough that a flood stops quickly. */
export const CONTACT_RATE_LIMIT = { max: 10, timeWindow: 10 * 60 * 1000 };

export async function contactRoutes(app: FastifyInstance) {
  await app.register(rateLimit, { global: false });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/contact",
    {
      config: {
        access: "public",
        rateLimit: {
          ...CONTACT_RATE_LIMIT,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            error: "Too Many Requests",
            message: `طلبات كثيرة، يرجى المحاولة بعد ${Math.ceil(context.ttl / 60000)} دقيقة`,
          }),
        },
      },
      schema: { body: contactSchema },
    },
    async (request, reply) => {
      if (request.body.website) {
        // Honeypot filled: a bot. Answer like a success so it learns nothing, store nothing.
        request.log.info("contact honeypot triggered");
        return reply.code(201).send({ ok: true });
      }
      const result = await createContactMessage(app.db, request.body, {
        ip: request.ip,
        consentVersion: app.site.privacy.version,
      });
      return reply.code(201).send({ ok: true, id: result.id, isDuplicate: result.isDuplicate });
    },
  );

  r.get("/api/contact/messages", { config: { access: { permission: "contact_messages.view" } } }, async () =>
    listContactMessages(app.db),
  );

  r.delete(
    "/api/contact/messages/:id",
    { config: { access: { permission: "contact_messages.delete" } }, schema: { params: idParam } },
    async (request, reply) => {
      const auth = requireAuth(request);
      await deleteContactMessage(app.db, request.params.id, { userId: auth.user.id, ip: request.ip });
      return reply.code(204).send();
    },
  );
}
