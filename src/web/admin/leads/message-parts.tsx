/**
 * Pieces of the contact messages screen (SPEC §2.16, §4.12; docs/product.md §10.4): the duplicate flag, the campaign and the
 * webhook delivery status badges, and the texts shown for a missing project ("الصفحة الرئيسية") or landing page
 * ("غير معروف").
 */

import { type ContactMessageView, DELIVERY_STATUS_LABELS } from "#domain/schemas/contact.ts";
import { platformLabel } from "#domain/schemas/landing.ts";
import { Badge } from "~/shared/ui/badge.tsx";

export const MAIN_PAGE = "الصفحة الرئيسية";
export const UNKNOWN = "غير معروف";

export function DuplicateBadge({ isDuplicate }: { isDuplicate: boolean }) {
  return isDuplicate ? <Badge variant="warning">مكرر</Badge> : <Badge variant="success">جديد</Badge>;
}

export function CampaignText({ message }: { message: ContactMessageView }) {
  if (!message.campaignSlug && !message.platform) return <span className="text-muted">—</span>;
  return (
    <span className="grid">
      <span className="font-medium">{platformLabel(message.platform)}</span>
      <span dir="ltr" className="text-start text-xs text-muted">
        {message.campaignName ?? message.campaignSlug}
      </span>
    </span>
  );
}

export function DeliveryBadge({ message }: { message: ContactMessageView }) {
  const status = message.delivery?.status ?? "none";
  const variant =
    status === "delivered"
      ? "success"
      : status === "failed"
        ? "destructive"
        : status === "pending"
          ? "warning"
          : "outline";
  return (
    <Badge variant={variant} title={message.delivery?.lastError ?? undefined} data-testid="delivery-status">
      {DELIVERY_STATUS_LABELS[status]}
    </Badge>
  );
}
