/**
 * Unit routes (SPEC §7.2, §5.6):
 * - GET /api/units (units.view): all units; the dashboard counts them. GET /api/units/{id} (units.view): one unit
 *   (the edit form; not in SPEC §7.2, which loads it from the list).
 * - POST /api/units (units.create), PUT /api/units/{id} (units.edit), DELETE /api/units/{id} (units.delete):
 *   the body is checked with the form's schema (domain/schemas/unit.ts), so a 400 carries its Arabic messages.
 * - POST /api/units/upload and POST /api/projects/{id}/units/upload (units.import): multipart with one file field.
 * - GET /api/units/page?projectId= (units.view): one page of a project's units (src/domain/schemas/paging.ts).
 * - GET /api/units/template.xlsx and /api/units/template.csv (units.import): the import templates.
 * - GET /api/projects/{id}/units (public): the units of a published project (a draft one for staff or a preview link),
 *   status read at the app's now; a visitor reads only the units whose licence allows advertising today, with the
 *   content-expiry header (docs/decisions/121-an-unlicensed-unit-leaves-every-public-read.md).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { SPREADSHEET_MAX_BYTES } from "#domain/constants.ts";
import {
  CSV_TYPE,
  fileResponse,
  noContentSchema,
  unitImportResultSchema,
  unitViewSchema,
  XLSX_TYPE,
} from "#domain/schemas/api.ts";
import { idParam } from "#domain/schemas/common.ts";
import { unitPageQuerySchema, unitPageSchema } from "#domain/schemas/paging.ts";
import { previewQuery } from "#domain/schemas/publishing.ts";
import { unitCreateSchema, unitReplaceSchema } from "#domain/schemas/unit.ts";
import { IMPORT_MESSAGES } from "#domain/unit-import.ts";
import { HttpError } from "../../lib/http-errors.ts";
import { actorOf as actor } from "../../plugins/auth.ts";
import { type ImportFile, type ImportTarget, importUnits } from "./import.ts";
import {
  createUnit,
  deleteUnit,
  getUnit,
  listAllUnits,
  listUnitsOfProject,
  pageUnitsOfProject,
  updateUnit,
} from "./service.ts";
import { csvTemplate, TEMPLATE_FILE_NAME, xlsxTemplate } from "./template.ts";
import { setContentExpires, unitsReader } from "./visitor-reads.ts";

const fileError = (message: string, status = 400) => new HttpError(status, message, { file: message });

/**
 * Reads the one file part of a multipart request into memory, at most SPREADSHEET_MAX_BYTES.
 * Errors: 400 IMPORT_MESSAGES.fileMissing (not multipart, or no file); 413 IMPORT_MESSAGES.fileTooLarge.
 */
async function readUpload(request: FastifyRequest): Promise<ImportFile> {
  if (!request.isMultipart()) throw fileError(IMPORT_MESSAGES.fileMissing);
  let part: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    part = await request.file({ limits: { fileSize: SPREADSHEET_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  } catch {
    throw fileError(IMPORT_MESSAGES.fileMissing);
  }
  if (!part) throw fileError(IMPORT_MESSAGES.fileMissing);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw fileError(IMPORT_MESSAGES.fileTooLarge, 413);
    }
    throw fileError(IMPORT_MESSAGES.unreadable);
  }
  if (part.file.truncated) throw fileError(IMPORT_MESSAGES.fileTooLarge, 413);
  return { fileName: part.filename ?? "", bytes };
}

export async function unitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // A draft project's units answer 404 to visitors, who read only the units advertised today; staff and a preview
  // link see them all (visitor-reads.ts).
  r.get(
    "/api/projects/:id/units",
    {
      config: { access: "public" },
      schema: { params: idParam, querystring: previewQuery, response: { 200: z.array(unitViewSchema) } },
    },
    async (request, reply) => {
      const reader = await unitsReader(app, request, reply, request.params.id);
      const list = await listUnitsOfProject(app.db, request.params.id, {
        now: reader.now,
        visitor: reader.visitor ? reader.licence : null,
      });
      setContentExpires(reply, [list.contentExpires]);
      return list.units;
    },
  );

  r.get(
    "/api/units",
    { config: { access: { permission: "units.view" } }, schema: { response: { 200: z.array(unitViewSchema) } } },
    async () => listAllUnits(app.db),
  );

  r.get(
    "/api/units/page",
    {
      config: { access: { permission: "units.view" } },
      schema: { querystring: unitPageQuerySchema, response: { 200: unitPageSchema(unitViewSchema) } },
    },
    async (request) => pageUnitsOfProject(app.db, request.query),
  );

  r.get(
    "/api/units/:id",
    {
      config: { access: { permission: "units.view" } },
      schema: { params: idParam, response: { 200: unitViewSchema } },
    },
    async (request) => getUnit(app.db, request.params.id),
  );

  r.post(
    "/api/units",
    {
      config: { access: { permission: "units.create" }, changesPublicPages: true },
      schema: { body: unitCreateSchema, response: { 201: unitViewSchema } },
    },
    async (request, reply) => reply.code(201).send(await createUnit(app.db, request.body, actor(request))),
  );

  r.put(
    "/api/units/:id",
    {
      config: { access: { permission: "units.edit" }, changesPublicPages: true },
      schema: { params: idParam, body: unitReplaceSchema, response: { 200: unitViewSchema } },
    },
    async (request) => updateUnit(app.db, request.params.id, request.body, actor(request), app.clock()),
  );

  r.delete(
    "/api/units/:id",
    {
      config: { access: { permission: "units.delete" }, changesPublicPages: true },
      schema: { params: idParam, response: { 204: noContentSchema } },
    },
    async (request, reply) => {
      await deleteUnit(app.db, request.params.id, actor(request));
      return reply.code(204).send();
    },
  );

  const upload = async (request: FastifyRequest, target: ImportTarget) => {
    const who = actor(request);
    const file = await readUpload(request);
    return importUnits(app.db, file, target, who, {
      log: (error) => request.log.error({ err: error }, "unit import failed; the transaction was rolled back"),
    });
  };

  r.post(
    "/api/units/upload",
    {
      config: { access: { permission: "units.import" }, changesPublicPages: true },
      schema: { response: { 200: unitImportResultSchema } },
    },
    async (request) => upload(request, { projectId: null }),
  );

  r.post(
    "/api/projects/:id/units/upload",
    {
      config: { access: { permission: "units.import" }, changesPublicPages: true },
      schema: { params: idParam, response: { 200: unitImportResultSchema } },
    },
    async (request) => upload(request, { projectId: request.params.id }),
  );

  r.get(
    "/api/units/template.xlsx",
    {
      config: { access: { permission: "units.import" } },
      schema: { response: { 200: fileResponse("The unit import template (attachment)", [XLSX_TYPE]) } },
    },
    async (_request, reply) =>
      reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", `attachment; filename="${TEMPLATE_FILE_NAME}.xlsx"`)
        .header("cache-control", "no-store")
        .send(xlsxTemplate()),
  );

  r.get(
    "/api/units/template.csv",
    {
      config: { access: { permission: "units.import" } },
      schema: { response: { 200: fileResponse("The unit import template (attachment)", [CSV_TYPE]) } },
    },
    async (_request, reply) =>
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${TEMPLATE_FILE_NAME}.csv"`)
        .header("cache-control", "no-store")
        .send(csvTemplate()),
  );
}
