/**
 * The file of a TikTok lead download task as leads (docs/lead-forms.md "Set-up: TikTok Instant Forms", assumptions):
 * a CSV with one header row (UTC+0 times), or a ZIP holding that CSV when it exceeds 10 MB. The columns named like the
 * fields of TikTok's lead meta data (`lead_id`, `page_id`, `campaign_id`, `adgroup_id`, `ad_id`, `create_time`, their
 * `*_name`s and `lead_source`; headers are compared lower-cased with spaces as "_") describe the lead; every other
 * column is a question of the form, its header the answer's key (as `fields[].name` of the one-lead read), so the
 * form's field map applies alike. `create_time` is unix seconds (or ms) or "YYYY-MM-DD HH:mm:ss" in UTC.
 * CSV by csv-parse, ZIP by fflate. A row without a lead id or a readable create_time is not a lead: it is counted in
 * `unreadable`, never thrown.
 */
import { parse } from "csv-parse/sync";
import { unzipSync } from "fflate";
import { z } from "zod";
import { LEAD_FORM_TEXTS } from "#domain/lead-forms.ts";
import { GraphError } from "./meta-graph.ts";
import type { PlatformLead } from "./store.ts";

/** The meta-data columns of a row (normalized header → what it holds); the rest are answers. */
const META_COLUMNS = new Set([
  "lead_id",
  "page_id",
  "form_id",
  "campaign_id",
  "campaign_name",
  "adgroup_id",
  "adgroup_name",
  "ad_id",
  "ad_name",
  "create_time",
  "created_time",
  "lead_source",
]);

const normalized = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
const localTime = z.iso.datetime({ local: true });
const zonedTime = z.iso.datetime({ offset: true });

/** A create_time cell as a Date (unix seconds or ms, "YYYY-MM-DD HH:mm:ss" in UTC, or ISO 8601), or null. */
export function tiktokCsvTime(cell: string): Date | null {
  const text = cell.trim();
  if (/^\d{9,13}$/.test(text)) return new Date(text.length > 11 ? Number(text) : Number(text) * 1000);
  const iso = text.replace(" ", "T");
  if (localTime.safeParse(iso).success) return new Date(`${iso}Z`);
  if (zonedTime.safeParse(iso).success) return new Date(iso);
  return null;
}

/** The CSV text inside a task's file: the bytes themselves, or the first .csv entry of a ZIP. */
function csvText(bytes: Uint8Array, contentType: string): string {
  const isZip = contentType.includes("zip") || (bytes[0] === 0x50 && bytes[1] === 0x4b);
  if (!isZip) return new TextDecoder().decode(bytes);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, { filter: (file) => file.name.toLowerCase().endsWith(".csv") });
  } catch {
    throw new GraphError("unreachable", LEAD_FORM_TEXTS.tiktokFileUnreadable, null);
  }
  const [first] = Object.values(entries);
  if (!first) throw new GraphError("unreachable", LEAD_FORM_TEXTS.tiktokFileUnreadable, null);
  return new TextDecoder().decode(first);
}

/**
 * The leads of a task's file for form `formId` of advertiser `advertiserId`. Errors: a file that is not CSV (or a
 * ZIP without one) is a GraphError "unreachable" with the Arabic health message.
 */
export function tiktokLeadsOfFile(
  bytes: Uint8Array,
  contentType: string,
  formId: string,
  advertiserId: string,
): { leads: PlatformLead[]; unreadable: number } {
  let rows: Record<string, string>[];
  try {
    rows = parse(csvText(bytes, contentType), {
      columns: (headers: string[]) => headers.map((h) => h.trim()),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    });
  } catch (error) {
    if (error instanceof GraphError) throw error;
    throw new GraphError("unreachable", LEAD_FORM_TEXTS.tiktokFileUnreadable, null);
  }
  const leads: PlatformLead[] = [];
  let unreadable = 0;
  for (const row of rows) {
    const meta = new Map<string, string>();
    const answers: Record<string, string> = {};
    for (const [header, value] of Object.entries(row)) {
      const key = normalized(header);
      if (META_COLUMNS.has(key)) meta.set(key, value ?? "");
      else if (header) answers[header] = value ?? "";
    }
    const leadId = meta.get("lead_id") ?? "";
    const createdTime = tiktokCsvTime(meta.get("create_time") || meta.get("created_time") || "");
    if (!/^\d{1,30}$/.test(leadId) || !createdTime) {
      unreadable++;
      continue;
    }
    leads.push({
      platform: "tiktok",
      platformLeadId: leadId,
      formId: meta.get("page_id") || meta.get("form_id") || formId,
      pageId: advertiserId,
      adId: meta.get("ad_id") || null,
      adsetId: meta.get("adgroup_id") || null,
      campaignId: meta.get("campaign_id") || null,
      placement: null,
      isOrganic: false,
      isTest: false,
      createdTime,
      answers,
      consentAnswers: [],
    });
  }
  return { leads, unreadable };
}
