/** The result shape of the public contact action (public/lib/contact-action.server.ts), shared with the form. */

export type ContactFormKind = "home" | "project" | "update";

/** The result a contact form renders. */
export type ContactActionResult =
  | { ok: true; sentAt: number }
  | {
      ok: false;
      /** Why it failed: invalid input (field errors), the API refused or failed, or too many requests. */
      reason: "invalid" | "failed" | "rate-limited";
      /** Arabic messages by field name (name, email, phone, message). */
      fieldErrors: Record<string, string>;
      /** Arabic message for the whole form, when there is one beyond the page's failure text. */
      formError?: string;
      /** The submitted values (never the honeypot), so a failed form keeps what the visitor typed. */
      values: Record<string, string>;
    };

/**
 * The hidden field the form's island adds at a send: ms between the page's load and the send
 * (docs/decisions/053-enquiry-limits-that-survive-an-ad-burst.md). A form sent without JavaScript has none.
 */
export const ELAPSED_FIELD = "elapsedMs";
