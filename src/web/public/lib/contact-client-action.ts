/**
 * The browser side of the public contact forms (docs/product.md §8.4): when the visitor's post never reaches the
 * server (a dropped connection) or the answer is a server error the router cannot read (a 5xx from a proxy or the
 * server), the form shows its own failure text inline and keeps what was typed, instead of the route's error page.
 * Without JavaScript the form is a plain POST and the server action answers the same failure itself.
 */
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { ContactActionResult } from "./contact-result.ts";

const FIELDS = ["name", "email", "phone", "message"] as const;

/**
 * A route `clientAction` for a contact form: runs the server action and returns its result; when that throws
 * (transport failure, unreadable 5xx answer, an error response), returns `{ok: false, reason: "failed", values}` with
 * the posted name, email, phone and message, so the form renders the §8.4 failure text and can be sent again.
 */
export async function contactClientAction({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<unknown>;
}): Promise<unknown> {
  const values = await postedValues(request.clone());
  try {
    return await serverAction();
  } catch {
    const failed: ContactActionResult = { ok: false, reason: "failed", fieldErrors: {}, values };
    return failed;
  }
}

async function postedValues(request: Request): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  const form = await request.formData().catch(() => null);
  for (const field of FIELDS) {
    const value = form?.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * Part of a route's `shouldRevalidate`: false after a contact post that failed, so the page is not reloaded over a
 * connection that just failed (a failed reload would replace the page by its error boundary); otherwise undefined
 * (the route decides).
 */
export function skipAfterFailedPost({ formMethod, actionResult }: ShouldRevalidateFunctionArgs): false | undefined {
  if (!formMethod || formMethod.toUpperCase() === "GET") return undefined;
  const result = actionResult as Partial<ContactActionResult> | undefined;
  return result && result.ok === false ? false : undefined;
}
