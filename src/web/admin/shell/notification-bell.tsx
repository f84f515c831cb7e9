/**
 * The in-app bell of the admin shell (docs/product.md §2.16 leads, response clock): the unread count on the button
 * (Arabic-Indic digits, "٩+" above nine), and a panel with the newest notifications, each linking to its lead
 * (/admin/leads/{id}) and marked read when followed; "تعليم الكل كمقروء" marks every one read. Polled every minute
 * (leads/api.ts NOTIFICATIONS_POLL_MS).
 */
import { BellIcon } from "lucide-react";
import { Popover as PopoverPrimitive } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import { formatDateTime, formatNumber } from "#domain/format.ts";
import { useMarkNotificationsRead, useNotifications } from "~/admin/leads/api.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Button } from "~/shared/ui/button.tsx";

export const BELL_TEXTS = {
  label: "الإشعارات",
  unread: (n: string) => `الإشعارات، غير المقروءة: ${n}`,
  empty: "لا توجد إشعارات",
  markAll: "تعليم الكل كمقروء",
  failed: "تعذّر تحميل الإشعارات",
} as const;

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = list.data?.unread ?? 0;
  const badge = unread > 9 ? `${formatNumber(9)}+` : formatNumber(unread);
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread ? BELL_TEXTS.unread(formatNumber(unread)) : BELL_TEXTS.label}
        >
          <BellIcon aria-hidden="true" className="size-5" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute -top-1 -end-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 text-xs font-bold text-white"
              data-testid="bell-count"
            >
              {badge}
            </span>
          )}
        </Button>
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align="end"
          sideOffset={6}
          dir="rtl"
          collisionPadding={8}
          className="z-[60] grid max-h-[70dvh] w-[min(22rem,calc(100vw-1rem))] gap-2 overflow-y-auto rounded-xl border border-brand-100 bg-surface p-3 text-ink shadow-lg"
          aria-label={BELL_TEXTS.label}
        >
          <div className="flex items-center justify-between gap-2">
            <p className="font-bold">{BELL_TEXTS.label}</p>
            {unread > 0 && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => markRead.mutate(undefined)}
                disabled={markRead.isPending}
              >
                {BELL_TEXTS.markAll}
              </Button>
            )}
          </div>
          {list.isError ? (
            <p className="text-sm text-danger">{BELL_TEXTS.failed}</p>
          ) : (list.data?.items.length ?? 0) === 0 ? (
            <p className="text-sm text-muted">{BELL_TEXTS.empty}</p>
          ) : (
            <ul className="grid gap-1">
              {list.data?.items.map((n) => {
                const body = (
                  <>
                    <span className={cn("text-sm", !n.readAt && "font-bold")}>{n.text}</span>
                    <time dateTime={n.createdAt} className="text-xs text-muted">
                      {formatDateTime(n.createdAt)}
                    </time>
                  </>
                );
                const cls = cn("grid gap-0.5 rounded-lg p-2 text-start", !n.readAt && "bg-brand-50");
                const read = () => {
                  if (!n.readAt) markRead.mutate([n.id]);
                  setOpen(false);
                };
                return (
                  <li key={n.id}>
                    {n.leadId ? (
                      <Link to={`/admin/leads/${n.leadId}`} className={cn(cls, "hover:bg-canvas")} onClick={read}>
                        {body}
                      </Link>
                    ) : (
                      <button type="button" className={cn(cls, "w-full")} onClick={read}>
                        {body}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
