/**
 * The Snapchat connection's admin routes (docs/lead-forms.md "Set-up: Snapchat"; permission lead_forms.manage):
 * GET/PUT /api/lead-forms/snapchat (secrets write-only, answered as `hasX`; saving drops the cached API client and
 * access token), GET /api/lead-forms/snapchat/forms (the account's forms, read from Snapchat), PUT
 * /api/lead-forms/snapchat/forms/{formId} `{ projectId, fieldMap }`. Errors: 400 with `fields`; 502 when Snapchat
 * cannot be reached.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  formUpdateSchema,
  leadFormViewSchema,
  snapchatConnectionUpdateSchema,
  snapchatConnectionViewSchema,
  snapchatFormIdParam,
} from "#domain/lead-forms.ts";
import { actorOf } from "../../plugins/auth.ts";
import { connectionRow, listMetaForms, saveForm } from "./service.ts";
import { saveSnapchatConnection, snapchatApiOf, snapchatConnectionView } from "./snapchat.ts";

/** Registers these routes on `app`. */
export async function snapchatConnectionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { access: { permission: "lead_forms.manage" } } as const;

  r.get(
    "/api/lead-forms/snapchat",
    { config: manage, schema: { response: { 200: snapchatConnectionViewSchema } } },
    async () => snapchatConnectionView(app.db, app.secrets, app.clock()),
  );

  r.put(
    "/api/lead-forms/snapchat",
    {
      config: manage,
      schema: { body: snapchatConnectionUpdateSchema, response: { 200: snapchatConnectionViewSchema } },
    },
    async (request) => {
      const saved = await saveSnapchatConnection(app.db, app.secrets, actorOf(request), request.body, app.clock());
      app.leadFormsContext.snapchatCache = null;
      app.leadFormsContext.snapchatToken.current = null;
      return saved;
    },
  );

  r.get(
    "/api/lead-forms/snapchat/forms",
    { config: manage, schema: { response: { 200: z.array(leadFormViewSchema) } } },
    async () =>
      listMetaForms(
        app.db,
        snapchatApiOf(app.leadFormsContext, await connectionRow(app.db, "snapchat")),
        app.clock(),
        "snapchat",
      ),
  );

  r.put(
    "/api/lead-forms/snapchat/forms/:formId",
    {
      config: manage,
      schema: { params: snapchatFormIdParam, body: formUpdateSchema, response: { 200: leadFormViewSchema } },
    },
    async (request) =>
      saveForm(app.db, actorOf(request), "snapchat", request.params.formId.toLowerCase(), request.body, app.clock()),
  );
}
