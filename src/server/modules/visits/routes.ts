/**
 * The visit routes (docs/decisions/088-site-visits.md):
 * - GET/PUT /api/projects/{id}/visit-settings (visits.manage): the project's availability;
 * - GET /api/visits/day, GET /api/visits?period&date&status, GET /api/visits/stats (visits.work): the agent's day,
 *   the lists behind the dashboard's figures (./day.ts) and the figures;
 * - GET /api/projects/{id}/visit-slots?from&to (public): the slots, ISO 8601 at +03:00, read fresh (no-cache);
 * - POST /api/visits (public, rate-limited like POST /api/contact): 201 {id, startsAt, manageUrl}, 409 {message,
 *   nextSlots} for a full or past slot;
 * - GET /api/visits/manage/{token}, POST …/reschedule, POST …/cancel (public, the signed token is the key).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { fileResponse } from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import { text } from "#domain/schemas/text.ts";
import type { VisitSlot } from "#domain/visit-slots.ts";
import { bookableDates, toRiyadhIso } from "#domain/visit-slots.ts";
import {
  VISIT_PLACE_KINDS,
  VISIT_STATUSES,
  VISIT_TEXTS,
  visitBookingSchema,
  visitDayQuerySchema,
  visitListQuerySchema,
  visitOutcomeSchema,
  visitRescheduleSchema,
  visitSettingsSchema,
  visitSlotsQuerySchema,
} from "#domain/visits.ts";
import { notFound } from "#server/lib/http-errors.ts";
import { actorOf, requireAuth } from "#server/plugins/auth.ts";
import { isBotSend, leadPersonLimit, leadRateLimit, registerLeadRateLimit } from "../leads/rate-limit.ts";
import {
  listDayVisits,
  listVisits,
  markVisitOutcome,
  type VisitViewer,
  visitCountsByCampaign,
  visitStats,
} from "./day.ts";
import { visitCalendar } from "./messages.ts";
import {
  conflictSchema,
  dayVisitSchema,
  settingsViewSchema,
  slotSchema,
  tokenParam,
  visitListSchema,
  visitViewSchema,
} from "./route-schemas.ts";
import {
  bookVisit,
  cancelVisit,
  getVisitSettings,
  listVisitSlots,
  manageToken,
  manageUrl,
  offeringProject,
  putVisitSettings,
  rescheduleVisit,
  visitIdOfToken,
  visitView,
} from "./service.ts";

/** The 409 of a full or past slot: the Arabic message and the next free times. */
function slotConflict(reply: FastifyReply, nextSlots: VisitSlot[]) {
  return reply
    .code(409)
    .send({ statusCode: 409 as const, error: "Conflict", message: VISIT_TEXTS.slotUnavailable, nextSlots });
}

async function viewerOf(request: FastifyRequest): Promise<VisitViewer> {
  const auth = requireAuth(request);
  return { id: auth.user.id, viewAll: await auth.can("leads.view_all"), ip: request.ip };
}

/** The visit routes of the module comment, on one encapsulated instance (the rate limiter registered once). */
export async function visitRoutes(app: FastifyInstance) {
  await registerLeadRateLimit(app);
  staffRoutes(app);
  bookingRoutes(app);
  manageRoutes(app);
}

/** Availability (visits.manage), the agent's day, outcomes and counts (visits.work, conversions.manage). */
function staffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/projects/:id/visit-settings",
    {
      config: { access: { permission: "visits.manage" } },
      schema: { params: idParam, response: { 200: settingsViewSchema } },
    },
    async (request) => getVisitSettings(app.db, request.params.id),
  );

  r.put(
    "/api/projects/:id/visit-settings",
    {
      // The booking widget of the project's pages shows or hides with `enabled`.
      config: { access: { permission: "visits.manage" }, changesPublicPages: true },
      schema: { params: idParam, body: visitSettingsSchema, response: { 200: settingsViewSchema } },
    },
    async (request) => putVisitSettings(app.db, actorOf(request), request.params.id, request.body, app.clock()),
  );

  r.get(
    "/api/visits/day",
    {
      config: { access: { permission: "visits.work" } },
      schema: {
        querystring: visitDayQuerySchema,
        response: { 200: z.array(dayVisitSchema) },
      },
    },
    async (request) => listDayVisits(app.db, await viewerOf(request), request.query.date, app.clock()),
  );

  r.get(
    "/api/visits",
    {
      config: { access: { permission: "visits.work" } },
      schema: { querystring: visitListQuerySchema, response: { 200: visitListSchema } },
    },
    async (request) => listVisits(app.db, await viewerOf(request), request.query, app.clock()),
  );

  r.patch(
    "/api/visits/:id/outcome",
    {
      config: { access: { permission: "visits.work" } },
      schema: {
        params: idParam,
        body: visitOutcomeSchema,
        response: { 200: z.object({ id: z.number(), status: z.enum(VISIT_STATUSES), leadId: z.number().nullable() }) },
      },
    },
    async (request) => markVisitOutcome(app.db, await viewerOf(request), request.params.id, request.body, app.clock()),
  );

  r.get(
    "/api/visits/stats",
    {
      config: { access: { permission: "visits.work" } },
      schema: {
        response: {
          200: z.object({
            date: text(),
            today: z.number(),
            week: z.number(),
            weekStart: text(),
            attended: z.number(),
            noShow: z.number(),
            noShowRate: z.number(),
          }),
        },
      },
    },
    async (request) => visitStats(app.db, await viewerOf(request), app.clock()),
  );

  r.get(
    "/api/visits/campaigns",
    {
      config: { access: { permission: "conversions.manage" } },
      schema: {
        response: {
          200: z.array(
            z.object({ campaignId: z.number(), booked: z.number(), attended: z.number(), reserved: z.number() }),
          ),
        },
      },
    },
    async () => visitCountsByCampaign(app.db),
  );
}

/** The public slots, the project's visit offer and POST /api/visits. */
function bookingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/projects/:id/visit-slots",
    {
      config: { access: "public" },
      schema: { params: idParam, querystring: visitSlotsQuerySchema, response: { 200: z.array(slotSchema) } },
    },
    async (request) => listVisitSlots(app.db, request.params.id, request.query, app.clock()),
  );

  r.get(
    "/api/projects/:id/visit-booking",
    {
      config: { access: "public" },
      schema: {
        params: idParam,
        response: {
          200: z.object({
            projectId: z.number(),
            placeKind: z.enum(VISIT_PLACE_KINDS),
            placeName: text(),
            mapUrl: text().nullable(),
            firstDate: text(),
            lastDate: text(),
          }),
        },
      },
    },
    async (request) => {
      const settings = await offeringProject(app.db, request.params.id);
      const { first, last } = bookableDates(settings, app.clock());
      return {
        projectId: settings.projectId,
        placeKind: settings.placeKind,
        placeName: settings.placeName,
        mapUrl: settings.mapUrl,
        firstDate: first,
        lastDate: last,
      };
    },
  );

  r.post(
    "/api/visits",
    {
      config: { access: "public", rateLimit: leadRateLimit(app) },
      schema: {
        body: visitBookingSchema,
        response: {
          201: z.object({ id: z.number(), startsAt: text(), manageUrl: text() }),
          409: conflictSchema,
        },
      },
      preHandler: leadPersonLimit(app),
    },
    async (request, reply) => {
      if (isBotSend(app, request.body)) {
        // The honeypot was filled: answer like a success, store nothing.
        return reply
          .code(201)
          .send({ id: 0, startsAt: toRiyadhIso(request.body.startsAt), manageUrl: app.config.publicUrl });
      }
      const result = await bookVisit(app.db, app.secrets, request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
        consentVersion: app.site.privacy.version,
        marketingConsentVersion: app.site.privacy.marketingConsent?.version ?? null,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
      });
      if (!result.ok) return slotConflict(reply, result.nextSlots);
      if (result.webhookQueued) app.leadOutbox.kick();
      app.conversionOutbox.kick();
      app.visitMessages?.kick();
      return reply.code(201).send({ id: result.id, startsAt: result.startsAt, manageUrl: result.manageUrl });
    },
  );
}

/** The manage link's routes: the signed token is the key (./token.ts). */
function manageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const idOf = (token: string) => {
    const id = visitIdOfToken(app.secrets, token, app.clock());
    if (id === null) throw notFound(VISIT_TEXTS.tokenInvalid);
    return id;
  };
  r.get(
    "/api/visits/manage/:token",
    {
      config: { access: "public" },
      schema: { params: tokenParam, response: { 200: visitViewSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return visitView(app.db, idOf(request.params.token), app.site.phone);
    },
  );

  r.get(
    "/api/visits/manage/:token/calendar.ics",
    {
      config: { access: "public" },
      schema: {
        params: tokenParam,
        response: { 200: fileResponse("The visit as an iCalendar file", ["text/calendar"]) },
      },
    },
    async (request, reply) => {
      const view = await visitView(app.db, idOf(request.params.token), app.site.phone);
      const link = manageUrl(app.config.publicUrl, request.params.token);
      const ics = visitCalendar(view, link, new URL(app.config.publicUrl).hostname);
      reply.header("cache-control", "private, no-store");
      reply.header("content-disposition", `attachment; filename="visit-${view.id}.ics"`);
      return reply.type("text/calendar; charset=utf-8").send(ics);
    },
  );

  r.post(
    "/api/visits/manage/:token/reschedule",
    {
      config: { access: "public", rateLimit: leadRateLimit(app) },
      schema: {
        params: tokenParam,
        body: visitRescheduleSchema,
        response: { 200: visitViewSchema.extend({ manageUrl: text() }), 409: conflictSchema },
      },
    },
    async (request, reply) => {
      const id = idOf(request.params.token);
      const result = await rescheduleVisit(
        app.db,
        id,
        request.body.startsAt,
        { userId: null, ip: request.ip },
        app.clock(),
      );
      if (!result.ok) return slotConflict(reply, result.nextSlots);
      app.visitMessages?.kick();
      const view = await visitView(app.db, id, app.site.phone);
      return {
        ...view,
        manageUrl: manageUrl(app.config.publicUrl, manageToken(app.secrets, id, result.visit.startsAt)),
      };
    },
  );

  r.post(
    "/api/visits/manage/:token/cancel",
    {
      config: { access: "public", rateLimit: leadRateLimit(app) },
      schema: { params: tokenParam, response: { 200: visitViewSchema } },
    },
    async (request) => {
      const id = idOf(request.params.token);
      await cancelVisit(app.db, id, { userId: null, ip: request.ip }, app.clock());
      app.visitMessages?.kick();
      return visitView(app.db, id, app.site.phone);
    },
  );
}
