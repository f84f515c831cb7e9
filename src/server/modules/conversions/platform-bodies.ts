/**
 * The request bodies each platform's conversions API accepts (docs/conversions.md), as zod schemas: the request
 * builders of platforms.ts parse what they send with them, and the tests check what the local stand-ins received.
 * Shapes: Snapchat CAPI v3, Meta Graph `/events`, TikTok Events API 1.3, Google Data Manager `events:ingest`, X
 * conversions API 12. Units in SAR, times in seconds (ISO for Google), identifiers SHA-256 hex.
 */
import { z } from "zod";

const sha = z.string().regex(/^[0-9a-f]{64}$/);
const seconds = z.number().int().positive();

/** What every Snapchat and Meta event starts with: its name, time and id (the platforms de-duplicate on the id). */
const capiEvent = { event_name: z.string().min(1), event_time: seconds, event_id: z.string().min(1) };
/** The hashed e-mail and phone and the browser's address and User-Agent, as Snapchat and Meta name them. */
const capiUser = {
  em: z.array(sha).optional(),
  ph: z.array(sha).optional(),
  client_ip_address: z.string().optional(),
  client_user_agent: z.string().optional(),
};
const sarValue = { currency: z.literal("SAR").optional(), value: z.number().optional() };
const licenceAndDeposit = {
  licence_number: z.string().min(1).optional(),
  /** The online deposit, whole SAR (docs/payments.md). */
  deposit: z.number().optional(),
};

export const snapBodySchema = z.object({
  data: z
    .array(
      z.object({
        ...capiEvent,
        action_source: z.enum(["WEB", "OFFLINE"]),
        event_source_url: z.url().optional(),
        user_data: z.object({ ...capiUser, sc_click_id: z.string().optional() }),
        custom_data: z
          .object({ ...sarValue, item_ids: z.array(z.string().min(1)).optional(), ...licenceAndDeposit })
          .optional(),
      }),
    )
    .length(1),
});

export const metaBodySchema = z.object({
  data: z
    .array(
      z.object({
        ...capiEvent,
        action_source: z.enum(["website", "system_generated"]),
        event_source_url: z.url().optional(),
        user_data: z.object({
          ...capiUser,
          fbc: z
            .string()
            .regex(/^fb\.1\.\d+\..+$/)
            .optional(),
        }),
        custom_data: z
          .object({
            ...sarValue,
            event_source: z.literal("crm").optional(),
            lead_event_source: z.string().optional(),
            content_ids: z.array(z.string().min(1)).optional(),
            content_type: z.literal("product").optional(),
            ...licenceAndDeposit,
          })
          .optional(),
      }),
    )
    .length(1),
  access_token: z.string().min(1),
  test_event_code: z.string().optional(),
});

export const tiktokBodySchema = z.object({
  event_source: z.literal("web"),
  event_source_id: z.string().min(1),
  test_event_code: z.string().optional(),
  data: z
    .array(
      z.object({
        event: z.string().min(1),
        event_time: seconds,
        event_id: z.string().min(1),
        user: z.object({
          email: sha.optional(),
          phone: sha.optional(),
          ttclid: z.string().optional(),
          ip: z.string().optional(),
          user_agent: z.string().optional(),
        }),
        page: z.object({ url: z.url() }).optional(),
        properties: z
          .object({
            ...sarValue,
            content_type: z.literal("product").optional(),
            contents: z
              .array(z.object({ content_id: z.string().min(1), content_type: z.literal("product") }))
              .optional(),
            ...licenceAndDeposit,
          })
          .optional(),
      }),
    )
    .length(1),
});

export const googleBodySchema = z.object({
  destinations: z
    .array(
      z.object({
        operatingAccount: z.object({ accountType: z.literal("GOOGLE_ADS"), accountId: z.string().regex(/^\d{10}$/) }),
        loginAccount: z
          .object({ accountType: z.literal("GOOGLE_ADS"), accountId: z.string().regex(/^\d{10}$/) })
          .optional(),
        productDestinationId: z.string().min(1),
      }),
    )
    .length(1),
  encoding: z.literal("HEX"),
  validateOnly: z.boolean().optional(),
  events: z
    .array(
      z.object({
        transactionId: z.string().min(1),
        eventTimestamp: z.iso.datetime(),
        eventSource: z.literal("WEB"),
        adIdentifiers: z.object({ gclid: z.string().optional() }).optional(),
        userData: z
          .object({
            userIdentifiers: z.array(z.union([z.object({ emailAddress: sha }), z.object({ phoneNumber: sha })])),
          })
          .optional(),
        consent: z.object({
          adUserData: z.enum(["CONSENT_GRANTED", "CONSENT_DENIED"]),
          adPersonalization: z.enum(["CONSENT_GRANTED", "CONSENT_DENIED"]),
        }),
        conversionValue: z.number().optional(),
        currency: z.literal("SAR").optional(),
      }),
    )
    .length(1),
});

export const xBodySchema = z.object({
  conversions: z
    .array(
      z.object({
        conversion_time: z.iso.datetime(),
        event_id: z.string().min(1),
        conversion_id: z.string().min(1),
        identifiers: z
          .array(
            z.union([
              z.object({ twclid: z.string() }),
              z.object({ hashed_email: sha }),
              z.object({ hashed_phone_number: sha }),
              z.object({ ip_address: z.string(), user_agent: z.string() }),
            ]),
          )
          .min(1),
        value: z.number().optional(),
        price_currency: z.literal("SAR").optional(),
      }),
    )
    .length(1),
});
