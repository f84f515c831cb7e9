/**
 * The affordability calculator's API (docs/affordability.md, docs/decisions/065-affordability-rules-as-data.md), both
 * public and read-only, storing nothing:
 * - GET /api/affordability?price&salary&otherIncome&obligations&sector&firstHome&redf&years&rate: the buyer's estimate
 *   (domain/affordability.ts) by the rules loaded at start (`app.affordability`); `years` and `rate` default to the
 *   rules' defaults. Bad input → 400 with each field's Arabic message (domain/schemas/affordability.ts).
 * - GET /api/affordability/rules: the rules file as loaded (version, figures, dates, sources), which the project page
 *   reads for its form's defaults and its island for computing in the browser.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { computeAffordability } from "#domain/affordability.ts";
import { affordabilityRulesSchema } from "#domain/affordability-rules.ts";
import { affordabilityQuerySchema, affordabilityResultSchema } from "#domain/schemas/affordability.ts";

/** How long a browser or CDN may keep an answer, seconds (the rules change only with a restart). */
const MAX_AGE_SECONDS = 300;

export async function affordabilityRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/affordability",
    {
      config: { access: "public" },
      schema: { querystring: affordabilityQuerySchema, response: { 200: affordabilityResultSchema } },
    },
    async (request, reply) => {
      const query = request.query;
      const rules = app.affordability;
      reply.header("cache-control", `public, max-age=${MAX_AGE_SECONDS}`);
      return computeAffordability(
        {
          ...query,
          years: query.years ?? rules.defaults.years.value,
          rate: query.rate ?? rules.defaults.annualRate.value,
        },
        rules,
      );
    },
  );
  app.get(
    "/api/affordability/rules",
    { config: { access: "public" }, schema: { response: { 200: affordabilityRulesSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", `public, max-age=${MAX_AGE_SECONDS}`);
      return app.affordability;
    },
  );
}
