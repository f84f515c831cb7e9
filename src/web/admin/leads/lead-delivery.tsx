/**
 * The enquiries of a lead in the leads list with their webhook delivery (docs/product.md §2.16, §10.4; docs/webhooks.md;
 * docs/decisions/070-one-leads-list.md): per enquiry its campaign (platform · name), its message, time and attribution
 * folded under «نص الرسالة ومصدرها», and one badge (قيد الإرسال، تم التسليم، فشل بعد المحاولات، بدون ويب هوك;
 * the last error as its title), newest first, and for staff with campaigns.manage a retry of an enquiry whose delivery
 * is not delivered (SPEC's POST /api/contact/messages/{id}/webhook-retry), and with contact_messages.delete the
 * delete of an enquiry (enquiry-actions.tsx). A lead with more enquiries than shown
 * says how many more.
 */
import { RotateCwIcon } from "lucide-react";
import { countNoun, formatDateTime, NOUNS } from "#domain/format.ts";
import type { LeadEnquiry } from "#domain/lead-list.ts";
import { type ContactDeliveryView, DELIVERY_STATUS_LABELS } from "#domain/schemas/contact.ts";
import { platformLabel } from "#domain/schemas/landing.ts";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Badge } from "~/shared/ui/badge.tsx";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { type LeadListItem, useRetryWebhook } from "./api.ts";
import { DeleteEnquiryButton } from "./enquiry-actions.tsx";

/** Enquiries shown per lead in a row; the lead's page lists the rest. */
const SHOWN = 3;

export const DELIVERY_TEXTS = {
  retry: "إعادة الإرسال",
  retryLabel: (name: string) => `إعادة إرسال الويب هوك لاستفسار ${name}`,
  retried: "تمت إعادة الإرسال إلى قائمة الانتظار",
  retryFailed: "خطأ في إعادة الإرسال",
  retryDefault: "تعذّرت إعادة الإرسال",
  more: (n: number) => `${countNoun(n, NOUNS.message)} أقدم`,
  details: "نص الرسالة ومصدرها",
  sentAt: "أُرسلت",
} as const;

/** The enquiry's message, time and the visitor's attribution (UTM, click ids, referrer), folded until opened. */
function EnquiryDetails({ enquiry }: { enquiry: LeadEnquiry }) {
  const attribution = Object.entries(enquiry.attribution);
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-brand-700">{DELIVERY_TEXTS.details}</summary>
      <div className="mt-1 grid max-w-72 gap-1 rounded-lg bg-brand-50 p-2">
        <p className="text-muted">{`${DELIVERY_TEXTS.sentAt} ${formatDateTime(enquiry.createdAt)}`}</p>
        {enquiry.message ? <p className="whitespace-pre-line break-words text-ink">{enquiry.message}</p> : null}
        {attribution.length ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-2" dir="ltr">
            {attribution.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-muted">{key}</dt>
                <dd className="truncate">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </details>
  );
}

/** The state of one delivery as a badge (none: the enquiry had no webhook to go to). */
export function DeliveryBadge({ delivery }: { delivery: ContactDeliveryView | null }) {
  const status = delivery?.status ?? "none";
  const variant =
    status === "delivered"
      ? "success"
      : status === "failed"
        ? "destructive"
        : status === "pending"
          ? "warning"
          : "outline";
  return (
    <Badge variant={variant} title={delivery?.lastError ?? undefined} data-testid="delivery-status">
      {DELIVERY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The deliveries of a lead's newest enquiries, each with its retry when allowed and useful. */
export function LeadDeliveries({
  lead,
  canRetry,
  canDelete = false,
}: {
  lead: LeadListItem;
  canRetry: boolean;
  /** contact_messages.delete: each enquiry has its delete (enquiry-actions.tsx). */
  canDelete?: boolean;
}) {
  const retry = useRetryWebhook();
  const again = (enquiry: LeadEnquiry) =>
    retry.mutate(enquiry.id, {
      onSuccess: () => toast({ variant: "success", title: DELIVERY_TEXTS.retried }),
      onError: (e) =>
        toast({
          variant: "destructive",
          title: DELIVERY_TEXTS.retryFailed,
          description: apiErrorMessage(e, DELIVERY_TEXTS.retryDefault),
        }),
    });
  const shown = lead.enquiries.slice(0, SHOWN);
  const rest = lead.enquiryCount - shown.length;
  return (
    <ul className="grid gap-1" aria-label="حالة الويب هوك">
      {shown.map((enquiry) => (
        <li key={enquiry.id} className="grid gap-1" data-testid="lead-enquiry">
          <div className="flex flex-wrap items-center gap-1">
            <DeliveryBadge delivery={enquiry.delivery} />
            {enquiry.platform || enquiry.campaignName ? (
              <span className="text-xs text-muted">
                {[platformLabel(enquiry.platform), enquiry.campaignName].filter(Boolean).join(" · ")}
              </span>
            ) : null}
            {canRetry && enquiry.delivery && enquiry.delivery.status !== "delivered" ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={retry.isPending}
                onClick={() => again(enquiry)}
                aria-label={DELIVERY_TEXTS.retryLabel(lead.name)}
              >
                <RotateCwIcon aria-hidden="true" />
                {DELIVERY_TEXTS.retry}
              </Button>
            ) : null}
            {canDelete ? <DeleteEnquiryButton enquiry={enquiry} name={lead.name} /> : null}
          </div>
          <EnquiryDetails enquiry={enquiry} />
        </li>
      ))}
      {rest > 0 ? <li className="text-xs text-muted">{DELIVERY_TEXTS.more(rest)}</li> : null}
    </ul>
  );
}
