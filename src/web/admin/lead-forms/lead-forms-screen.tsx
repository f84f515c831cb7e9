/**
 * /admin/lead-forms «نماذج المنصات» (lead_forms.manage; docs/lead-forms.md "Set-up"): the Meta connection card — on/off,
 * page id, the app secret, verify token and page token (write-only: an empty field keeps the stored value and the
 * field never shows it), the webhook address to give Meta — its health line, and the page's forms, each with the
 * project it feeds and what each question feeds; then the Google, TikTok and Snapchat cards (platform-cards.tsx) of the
 * same shape.
 * Without the permission: "غير مصرح لك".
 */
import { RequirePermission } from "~/admin/common/require-permission.tsx";
import { GoogleSection, MetaSection, SnapchatSection, TiktokSection } from "./platform-cards.tsx";
import { LEAD_FORMS_SCREEN_TEXTS as T } from "./texts.ts";

export function LeadFormsScreen() {
  return (
    <RequirePermission permission="lead_forms.manage">
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold text-ink">{T.title}</h1>
        <p className="text-muted">{T.intro}</p>
        <MetaSection />
        <GoogleSection />
        <TiktokSection />
        <SnapchatSection />
      </div>
    </RequirePermission>
  );
}
