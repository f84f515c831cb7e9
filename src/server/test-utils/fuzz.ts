/**
 * Request generators for the property-based test of every route (fuzz.test.ts, `npm run fuzz`).
 * A route's zod schemas (params, querystring, body, collected by the auth plugin's onRoute hook into
 * app.declaredRoutes) are turned into JSON Schema with z.toJSONSchema (input side) and from there into fast-check
 * arbitraries; each value may be swapped for a hostile one (NUL and other control characters, huge or odd numbers,
 * wrong types, odd dates, long strings). Bodies may also arrive as malformed JSON, the wrong content type or a
 * malformed multipart body. Every hostile string carries HOSTILE_MARKER so an answer that echoes input is found.
 */
import fc from "fast-check";
import { type ZodType, z } from "zod";

/** Marker inside every hostile string: an error answer must never contain it. */
export const HOSTILE_MARKER = "zqx9";

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
};

const hostileStrings = fc.constantFrom(
  `${HOSTILE_MARKER}\u0000`,
  `a\u0000${HOSTILE_MARKER}`,
  `\u0001\u001f\u007f${HOSTILE_MARKER}`,
  `${HOSTILE_MARKER}\n\t\r`,
  "0000-01-01",
  "275760-09-13",
  "+275760-09-13T00:00:00.000Z",
  "-000001-01-01",
  "2026-02-30",
  "9999-12-31T23:59:59Z",
  "1e309",
  "-1",
  "NaN",
  "Infinity",
  "99999999999999999999999",
  "0x10",
  "",
  " ",
  `${HOSTILE_MARKER}'; drop table users; --`,
  `<script>${HOSTILE_MARKER}</script>`,
  `${HOSTILE_MARKER}%00%ff`,
  `${HOSTILE_MARKER}\ud800`,
  `${HOSTILE_MARKER}${"ا".repeat(5000)}`,
  `${HOSTILE_MARKER}${"x".repeat(70_000)}`,
  "00000000-0000-0000-0000-000000000000",
  "__proto__",
);

/** Any hostile value: strings above, numbers out of every range, wrong types, deep or odd structures. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileStrings },
  fc.constantFrom(
    0,
    -1,
    1.5,
    2_147_483_648,
    Number.MAX_SAFE_INTEGER,
    1e308,
    -1e308,
    true,
    false,
    null,
    [],
    {},
    [HOSTILE_MARKER],
    { [HOSTILE_MARKER]: 1 },
    { __proto__: { admin: true } },
  ),
  fc.string({ unit: "binary", maxLength: 40 }).map((s) => `${HOSTILE_MARKER}${s}`),
  fc.double(),
  fc.integer(),
);

/** An arbitrary for a JSON Schema (z.toJSONSchema output), mixing in hostile values at every level. */
export function fromJsonSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const valid = validFromJsonSchema(schema ?? {}, depth);
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });
}

function validFromJsonSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromJsonSchema(s, depth + 1)));
  if (schema.allOf?.length) return fromJsonSchema(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringFor(schema);
    case "integer":
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 1000, 1e9) });
    case "number":
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(fromJsonSchema(schema.items, depth + 1), { maxLength: 4 });
    case "object": {
      const properties = Object.entries(schema.properties ?? {});
      if (!properties.length) return fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 3 });
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of properties) record[key] = fromJsonSchema(value, depth + 1);
      return fc.record(record, { requiredKeys: [] });
    }
    default:
      return hostileValue;
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case "date":
      return fc
        .date({ min: new Date("1950-01-01"), max: new Date("2090-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "date-time":
      return fc
        .date({ min: new Date("1950-01-01"), max: new Date("2090-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString());
    case "uuid":
      return fc.uuid();
    case "email":
      return fc.emailAddress();
    case "uri":
      return fc.webUrl();
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
    } catch {
      // Not a pattern fast-check can generate from: plain strings below.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) });
}

/** The JSON Schema of a zod schema's input, or undefined when the route has none or it is not zod. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema as ZodType, { io: "input", unrepresentable: "any" }) as JsonSchema;
  } catch {
    return {};
  }
}

/** A value as a query-string or path value: scalars as text, anything else as JSON. */
export function asText(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  return JSON.stringify(value);
}

/** One body as it goes on the wire: a JSON value, or raw bytes with their content type. */
export type FuzzBody =
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string; payload: string | Buffer }
  | { kind: "none" };

const BOUNDARY = "fuzzboundary";

/** Malformed or odd multipart bodies (truncated, no boundary, no closing, huge headers, wrong field). */
export const malformedMultipart: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.constant<FuzzBody>({ kind: "raw", contentType: "multipart/form-data", payload: `--x\r\n${HOSTILE_MARKER}` }),
  fc.constant<FuzzBody>({
    kind: "raw",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\n${HOSTILE_MARKER}`,
  }),
  fc.constant<FuzzBody>({
    kind: "raw",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
  }),
  fc.constant<FuzzBody>({
    kind: "raw",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\n${"X-Long: y\r\n".repeat(2000)}\r\n\r\n--${BOUNDARY}--\r\n`,
  }),
  fc.constant<FuzzBody>({ kind: "raw", contentType: "multipart/form-data; boundary=", payload: "--\r\n" }),
  fc.constant<FuzzBody>({ kind: "raw", contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: "" }),
  fc.uint8Array({ maxLength: 300 }).map<FuzzBody>((bytes) => ({
    kind: "raw",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="f.bin"\r\n\r\n`),
      Buffer.from(bytes),
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  })),
  fc.constantFrom("image", "images", "pdf", "video", "file").map<FuzzBody>((name) => ({
    kind: "raw",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a\u0000\u001b.png"\r\nContent-Type: image/png\r\n\r\n%PDF-1.7\n<html>${HOSTILE_MARKER}</html>\r\n--${BOUNDARY}--\r\n`,
  })),
);

/** A body for a route: from its body schema, or hostile JSON, malformed JSON, another content type, multipart. */
export function bodyFor(bodySchema: JsonSchema | undefined): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    { weight: 6, arbitrary: fromJsonSchema(bodySchema).map<FuzzBody>((value) => ({ kind: "json", value })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(`{"a":`, `{"${HOSTILE_MARKER}":1,}`, "[1,2", "\u0000", "nul", `"${HOSTILE_MARKER}`, "{}}")
        .map<FuzzBody>((payload) => ({ kind: "raw", contentType: "application/json", payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          "text/plain",
          "application/x-www-form-urlencoded",
          "application/xml",
          "application/json; charset=latin9",
        )
        .map<FuzzBody>((contentType) => ({ kind: "raw", contentType, payload: `a=${HOSTILE_MARKER}%00&b=%zz` })),
    },
    { weight: 1, arbitrary: malformedMultipart },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: "none" }) },
  );
}

/** A path value for a `:name` parameter: from the params schema, or a hostile segment. */
export function pathSegment(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fromJsonSchema(schema).map(asText) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("%", "%zz", "%00", "%C0%AF", "..", "%2e%2e%2f", "9".repeat(200), "-1", "0", "1.5"),
    },
  );
}
