/**
 * Project routes (SPEC §7.2). Public reads: GET /api/projects, /api/projects/{id}, /{id}/updates (the public list
 * of a project's units, /{id}/units, lives with the unit routes: units depend on projects, not the reverse).
 * Writes (SPEC §2.12, §4.5): POST /api/projects (projects.create), PUT /api/projects/{id} (projects.edit),
 * DELETE /api/projects/{id} (projects.delete), POST /api/projects/{id}/set-featured-rank (projects.feature:
 * super_admin and manager by default). Checks: GET /api/validate/project?name=&city=&excludeId= → {exists, message};
 * GET /api/validate/project/{id}/guarantee?type= → 409 when the type is already on the project.
 * Bodies are validated with the domain schemas of the admin form, so a 400 carries the same Arabic field messages.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  guaranteeCheckSchema,
  noContentSchema,
  projectNameCheckSchema,
  projectSchema,
  projectUpdateSchema,
} from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import {
  featuredRankSchema,
  guaranteeCheckQuery,
  projectInputSchema,
  projectNameCheckQuery,
  projectReplaceSchema,
} from "#domain/schemas/project.ts";
import { previewQuery } from "#domain/schemas/publishing.ts";
import { text } from "#domain/schemas/text.ts";
import { assertAdvertisable, CONTENT_EXPIRES_HEADER, earliest, licenceContext } from "../../lib/compliance-rules.ts";
import { actorOf } from "../../plugins/auth.ts";
import { draftsVisible } from "../publishing/service.ts";
import { listUpdates } from "../updates/service.ts";
import {
  assertProjectExists,
  checkGuaranteeType,
  checkProjectName,
  createProject,
  deleteProject,
  getProject,
  listProjects,
  PROJECT_NOT_FOUND,
  setFeaturedRank,
  updateProject,
} from "./service.ts";

export async function projectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/projects",
    {
      config: { access: "public" },
      schema: {
        querystring: z.object({
          search: text().max(200).optional(),
          // The first N of the listing order (featured first, then newest): the home page asks only what it shows.
          limit: z.coerce.number<string>().int().min(1).max(100).optional(),
        }),
        response: { 200: z.array(projectSchema) },
      },
    },
    async (request, reply) => {
      const includeDrafts = await draftsVisible(app.db, request, reply, "project");
      const list = await listProjects(app.db, await licenceContext(app), {
        search: request.query.search,
        limit: request.query.limit,
        includeDrafts,
      });
      // A visitor's list changes by itself when a listed licence's last day ends (docs/compliance.md).
      const expires = includeDrafts ? null : earliest(list.map((p) => p.licence.advertiseUntil));
      if (expires) reply.header(CONTENT_EXPIRES_HEADER, expires);
      return list;
    },
  );
  // A draft project and its updates answer 404 to visitors; staff and a preview link see them.
  r.get(
    "/api/projects/:id",
    {
      config: { access: "public" },
      schema: { params: idParam, querystring: previewQuery, response: { 200: projectSchema } },
    },
    async (request, reply) => {
      const includeDrafts = await draftsVisible(app.db, request, reply, "project", request.params.id);
      const project = await getProject(app.db, request.params.id, await licenceContext(app), { includeDrafts });
      if (includeDrafts) return project;
      // A visitor never reads a project its licence does not allow advertising (404; pages answer 410 on the header).
      assertAdvertisable(reply, project.licence, PROJECT_NOT_FOUND);
      return project;
    },
  );
  r.get(
    "/api/projects/:id/updates",
    {
      config: { access: "public" },
      schema: { params: idParam, querystring: previewQuery, response: { 200: z.array(projectUpdateSchema) } },
    },
    async (request, reply) => {
      const draftProject = await draftsVisible(app.db, request, reply, "project", request.params.id);
      await assertProjectExists(app.db, request.params.id, { includeDrafts: draftProject });
      if (!draftProject) {
        const project = await getProject(app.db, request.params.id, await licenceContext(app), {
          includeDrafts: false,
        });
        assertAdvertisable(reply, project.licence, PROJECT_NOT_FOUND);
      }
      return listUpdates(app.db, {
        projectId: request.params.id,
        includeDrafts: await draftsVisible(app.db, request, reply, "update"),
        includeDraftProjects: draftProject,
      });
    },
  );

  r.post(
    "/api/projects",
    {
      config: { access: { permission: "projects.create" }, changesPublicPages: true },
      schema: { body: projectInputSchema, response: { 201: projectSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createProject(app.db, request.body, actorOf(request), await licenceContext(app))),
  );
  r.put(
    "/api/projects/:id",
    {
      config: { access: { permission: "projects.edit" }, changesPublicPages: true },
      schema: { params: idParam, body: projectReplaceSchema, response: { 200: projectSchema } },
    },
    async (request) =>
      updateProject(app.db, request.params.id, request.body, actorOf(request), await licenceContext(app)),
  );
  r.delete(
    "/api/projects/:id",
    {
      config: { access: { permission: "projects.delete" }, changesPublicPages: true },
      schema: { params: idParam, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deleteProject(app.db, request.params.id, actorOf(request), await licenceContext(app));
      return reply.code(204).send();
    },
  );
  r.post(
    "/api/projects/:id/set-featured-rank",
    {
      config: { access: { permission: "projects.feature" }, changesPublicPages: true },
      schema: { params: idParam, body: featuredRankSchema, response: { 200: projectSchema } },
    },
    async (request) =>
      setFeaturedRank(app.db, request.params.id, request.body.rank, actorOf(request), await licenceContext(app)),
  );

  r.get(
    "/api/validate/project",
    {
      config: { access: "signed-in" },
      schema: { querystring: projectNameCheckQuery, response: { 200: projectNameCheckSchema } },
    },
    async (request) => checkProjectName(app.db, request.query),
  );
  r.get(
    "/api/validate/project/:id/guarantee",
    {
      config: { access: "signed-in" },
      schema: { params: idParam, querystring: guaranteeCheckQuery, response: { 200: guaranteeCheckSchema } },
    },
    async (request) => checkGuaranteeType(app.db, request.params.id, request.query.type),
  );
}
