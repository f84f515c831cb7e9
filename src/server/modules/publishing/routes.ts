/**
 * Publishing routes (docs/decisions/017-drafts-and-preview.md):
 * POST /api/projects/{id}/publish | /unpublish               projects.publish       → {id, publishedAt}; 409 naming
 *                                                            the licence field a draft project lacks (docs/compliance.md)
 * POST /api/project-updates/{id}/publish | /unpublish        updates.publish        → {id, publishedAt}
 * POST /api/landing-pages/{id}/publish | /unpublish          landing_pages.publish  → {id, publishedAt}
 * POST /api/previews {entityType, entityId}                  signed-in + the kind's view permission → {path, expiresAt}
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PUBLISHING_PERMISSIONS, type PublishableKind } from "#domain/publishing.ts";
import { idParam } from "#domain/schemas/common.ts";
import { previewLinkSchema, previewRequestSchema, publishStateSchema } from "#domain/schemas/publishing.ts";
import { licenceContext } from "../../lib/compliance-rules.ts";
import { actorOf, requireAuth } from "../../plugins/auth.ts";
import { createPreviewLink, setPublished } from "./service.ts";

const PREFIX: Record<PublishableKind, string> = {
  project: "/api/projects",
  update: "/api/project-updates",
  landing_page: "/api/landing-pages",
};

export async function publishingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of Object.keys(PREFIX) as PublishableKind[]) {
    for (const published of [true, false]) {
      r.post(
        `${PREFIX[kind]}/:id/${published ? "publish" : "unpublish"}`,
        {
          config: { access: { permission: PUBLISHING_PERMISSIONS[kind].publish } },
          schema: { params: idParam, response: { 200: publishStateSchema } },
        },
        async (request) =>
          setPublished(
            app.db,
            kind,
            request.params.id,
            published,
            actorOf(request),
            app.clock(),
            await licenceContext(app),
          ),
      );
    }
  }
  r.post(
    "/api/previews",
    { config: { access: "signed-in" }, schema: { body: previewRequestSchema, response: { 201: previewLinkSchema } } },
    async (request, reply) => reply.code(201).send(await createPreviewLink(app.db, requireAuth(request), request.body)),
  );
}
