/**
 * /admin/contact-messages (SPEC §2.16, §4.12, §8.5; docs/product.md §10.4): a table on desktop and cards on mobile with name,
 * email, phone, message (truncated; opens the detail dialog), project or "الصفحة الرئيسية", landing page or
 * "غير معروف", campaign and platform, duplicate or new, webhook delivery status (with a retry action for staff with
 * campaigns.manage), date and time, and delete with a confirm. Filters (search, source, delivery, duplicate) narrow
 * the list; the export (.xlsx / .csv, contact_messages.export) downloads the filtered list. Client-only route.
 */
import { DownloadIcon, RotateCwIcon, Trash2Icon } from "lucide-react";
import { useMemo, useState } from "react";
import { formatDateTime, formatNumber } from "#domain/format.ts";
import { DELIVERY_STATUSES } from "#domain/schemas/api.ts";
import {
  CONTACT_SOURCE_LABELS,
  CONTACT_SOURCES,
  type ContactMessageView,
  type ContactSource,
  DELIVERY_STATUS_LABELS,
} from "#domain/schemas/contact.ts";
import { TEXTS } from "#domain/texts.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/shared/ui/alert-dialog.tsx";
import { Button } from "~/shared/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/shared/ui/dialog.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { downloadContactExport, useContactMessages, useDeleteContactMessage, useRetryWebhook } from "./api.ts";
import { CampaignText, DeliveryBadge, DuplicateBadge, MAIN_PAGE, UNKNOWN } from "./message-parts.tsx";

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <Skeleton className="h-40 w-full rounded-xl" />;
}

export function meta() {
  return [{ title: TEXTS.menuContactMessages }];
}

interface Filters {
  search: string;
  source: string;
  delivery: string;
  duplicate: string;
}

const EMPTY_FILTERS: Filters = { search: "", source: "", delivery: "", duplicate: "" };

/** The same filtering the server applies to the export (contactListQuerySchema). */
function matches(m: ContactMessageView, f: Filters): boolean {
  const term = f.search.trim().toLowerCase();
  if (term && ![m.name, m.email, m.phone, m.message].some((v) => v?.toLowerCase().includes(term))) return false;
  if (f.source && m.source !== f.source) return false;
  if (f.delivery && (m.delivery?.status ?? "none") !== f.delivery) return false;
  if (f.duplicate && String(m.isDuplicate) !== f.duplicate) return false;
  return true;
}

const selectClass =
  "h-10 rounded-lg border border-brand-100 bg-surface px-3 text-sm text-ink focus-visible:ring-3 focus-visible:ring-accent-400/50";

export default function ContactMessagesScreen() {
  const user = useCurrentUser();
  const canDelete = userCan(user, "contact_messages.delete");
  const canExport = userCan(user, "contact_messages.export");
  const canRetry = userCan(user, "campaigns.manage");
  const messages = useContactMessages();
  const [filters, setFilters] = useState<Filters>(EMPTY_FILTERS);
  const [open, setOpen] = useState<ContactMessageView | null>(null);
  const [toDelete, setToDelete] = useState<ContactMessageView | null>(null);
  const remove = useDeleteContactMessage();
  const retry = useRetryWebhook();

  const visible = useMemo(() => (messages.data ?? []).filter((m) => matches(m, filters)), [messages.data, filters]);
  const set = (key: keyof Filters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setFilters((f) => ({ ...f, [key]: e.target.value }));

  const exportAs = async (format: "xlsx" | "csv") => {
    const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim()));
    try {
      await downloadContactExport(format, params);
    } catch (e) {
      toast({ variant: "destructive", title: "خطأ في التصدير", description: apiErrorMessage(e, "تعذّر تصدير الرسائل") });
    }
  };
  const retryDelivery = (m: ContactMessageView) =>
    retry.mutate(m.id, {
      onSuccess: () => toast({ variant: "success", title: "تمت إعادة الإرسال إلى قائمة الانتظار" }),
      onError: (e) =>
        toast({
          variant: "destructive",
          title: "خطأ في إعادة الإرسال",
          description: apiErrorMessage(e, "تعذّرت إعادة الإرسال"),
        }),
    });
  const confirmDelete = () => {
    if (!toDelete) return;
    const id = toDelete.id;
    remove.mutate(id, {
      onSuccess: () => {
        toast({ variant: "success", title: "تم حذف الرسالة" });
        if (open?.id === id) setOpen(null);
      },
    });
    setToDelete(null);
  };

  const retryButton = (m: ContactMessageView) =>
    canRetry && m.delivery && m.delivery.status !== "delivered" ? (
      <Button
        variant="ghost"
        size="sm"
        onClick={() => retryDelivery(m)}
        aria-label={`إعادة إرسال الويب هوك لرسالة ${m.name}`}
      >
        <RotateCwIcon aria-hidden="true" />
        إعادة الإرسال
      </Button>
    ) : null;
  const deleteButton = (m: ContactMessageView) =>
    canDelete ? (
      <Button
        variant="ghost"
        size="sm"
        className="text-danger"
        onClick={() => setToDelete(m)}
        aria-label={`حذف رسالة ${m.name}`}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    ) : null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink">{TEXTS.menuContactMessages}</h1>
          <p className="text-muted">
            {messages.data
              ? `الرسائل المعروضة: ${formatNumber(visible.length)} من ${formatNumber(messages.data.length)}`
              : ""}
          </p>
        </div>
        {canExport && (
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => void exportAs("xlsx")}>
              <DownloadIcon aria-hidden="true" />
              تصدير Excel
            </Button>
            <Button variant="outline" onClick={() => void exportAs("csv")}>
              <DownloadIcon aria-hidden="true" />
              تصدير CSV
            </Button>
          </div>
        )}
      </div>

      <fieldset className="grid gap-3 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-brand-100 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="sr-only">تصفية الرسائل</legend>
        <Input
          type="search"
          aria-label="بحث"
          placeholder="بحث بالاسم أو البريد أو الجوال"
          value={filters.search}
          onChange={set("search")}
        />
        <select aria-label="المصدر" className={selectClass} value={filters.source} onChange={set("source")}>
          <option value="">كل المصادر</option>
          {CONTACT_SOURCES.map((s) => (
            <option key={s} value={s}>
              {CONTACT_SOURCE_LABELS[s]}
            </option>
          ))}
        </select>
        <select aria-label="حالة الويب هوك" className={selectClass} value={filters.delivery} onChange={set("delivery")}>
          <option value="">كل حالات الويب هوك</option>
          {[...DELIVERY_STATUSES, "none" as const].map((s) => (
            <option key={s} value={s}>
              {DELIVERY_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <select aria-label="الحالة" className={selectClass} value={filters.duplicate} onChange={set("duplicate")}>
          <option value="">مكرر وجديد</option>
          <option value="false">جديد</option>
          <option value="true">مكرر</option>
        </select>
      </fieldset>

      {messages.isPending ? (
        <div className="grid gap-3">
          {["a", "b", "c", "d", "e"].map((k) => (
            <Skeleton key={k} className="h-12 rounded-lg" />
          ))}
        </div>
      ) : messages.isError ? (
        <p role="alert" className="rounded-xl bg-danger/10 p-6 text-danger">
          {apiErrorMessage(messages.error, "تعذّر تحميل الرسائل")}
        </p>
      ) : visible.length === 0 ? (
        <p className="rounded-xl bg-surface p-6 text-center text-muted">لا توجد رسائل</p>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl bg-surface shadow-sm ring-1 ring-brand-100 md:block">
            <table className="w-full text-sm">
              <thead className="bg-brand-50 text-start text-ink">
                <tr>
                  {[
                    "الاسم",
                    "البريد الإلكتروني",
                    "الجوال",
                    "الرسالة",
                    "المشروع",
                    "صفحة الهبوط",
                    "الحملة",
                    "الحالة",
                    "الويب هوك",
                    "التاريخ والوقت",
                    "إجراءات",
                  ].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 text-start font-bold whitespace-nowrap">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {visible.map((m) => (
                  <tr key={m.id} className="border-t border-brand-100 align-top" data-testid="message-row">
                    <td className="px-3 py-2 font-medium">{m.name}</td>
                    <td className="px-3 py-2" dir="ltr">
                      {m.email ?? "—"}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap" dir="ltr">
                      {m.phone ?? "—"}
                    </td>
                    <td className="max-w-48 px-3 py-2">
                      <button
                        type="button"
                        onClick={() => setOpen(m)}
                        className="block max-w-full truncate text-start text-brand-700 hover:underline"
                      >
                        {m.message || "عرض التفاصيل"}
                      </button>
                    </td>
                    <td className="px-3 py-2">{m.projectName ?? MAIN_PAGE}</td>
                    <td className="px-3 py-2">{m.landingPageName ?? UNKNOWN}</td>
                    <td className="px-3 py-2">
                      <CampaignText message={m} />
                    </td>
                    <td className="px-3 py-2">
                      <DuplicateBadge isDuplicate={m.isDuplicate} />
                    </td>
                    <td className="px-3 py-2">
                      <DeliveryBadge message={m} />
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(m.createdAt)}</td>
                    <td className="px-3 py-2">
                      <div className="flex">
                        {retryButton(m)}
                        {deleteButton(m)}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <ul className="grid gap-3 md:hidden">
            {visible.map((m) => (
              <li key={m.id} className="grid gap-2 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-brand-100">
                <div className="flex items-center gap-2">
                  <p className="flex-1 font-bold text-ink">{m.name}</p>
                  <DuplicateBadge isDuplicate={m.isDuplicate} />
                </div>
                <p className="text-sm text-muted" dir="ltr">
                  {[m.phone, m.email].filter(Boolean).join("، ")}
                </p>
                <button type="button" onClick={() => setOpen(m)} className="truncate text-start text-sm text-brand-700">
                  {m.message || "عرض التفاصيل"}
                </button>
                <p className="text-sm">
                  {m.projectName ?? MAIN_PAGE}، {m.landingPageName ?? UNKNOWN}
                </p>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <CampaignText message={m} />
                  <DeliveryBadge message={m} />
                </div>
                <div className="flex items-center justify-between">
                  <span className="text-xs text-muted">{formatDateTime(m.createdAt)}</span>
                  <div className="flex">
                    {retryButton(m)}
                    {deleteButton(m)}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-w-xl">
          {open && (
            <>
              <DialogHeader>
                <DialogTitle>{`رسالة من ${open.name}`}</DialogTitle>
                <DialogDescription>{formatDateTime(open.createdAt)}</DialogDescription>
              </DialogHeader>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="text-muted">البريد الإلكتروني</dt>
                <dd dir="ltr" className="text-start">
                  {open.email ?? "—"}
                </dd>
                <dt className="text-muted">الجوال</dt>
                <dd dir="ltr" className="text-start">
                  {open.phone ?? "—"}
                </dd>
                <dt className="text-muted">المشروع</dt>
                <dd>{open.projectName ?? MAIN_PAGE}</dd>
                <dt className="text-muted">صفحة الهبوط</dt>
                <dd>{open.landingPageName ?? UNKNOWN}</dd>
                <dt className="text-muted">المصدر</dt>
                <dd>{CONTACT_SOURCE_LABELS[open.source as ContactSource] ?? open.source}</dd>
                <dt className="text-muted">الحملة</dt>
                <dd>
                  <CampaignText message={open} />
                </dd>
                <dt className="text-muted">الويب هوك</dt>
                <dd className="grid gap-1">
                  <DeliveryBadge message={open} />
                  {open.delivery?.lastError && (
                    <span className="text-xs text-muted" dir="ltr">
                      {open.delivery.lastError}
                    </span>
                  )}
                </dd>
                {Object.entries(open.attribution).map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="text-muted" dir="ltr">
                      {k}
                    </dt>
                    <dd dir="ltr" className="truncate text-start">
                      {v}
                    </dd>
                  </div>
                ))}
                <dt className="text-muted">الموافقة</dt>
                <dd>
                  {open.consentAt ? `${formatDateTime(open.consentAt)} (الإصدار ${open.consentVersion ?? "—"})` : "—"}
                </dd>
              </dl>
              <div className="rounded-lg bg-brand-50 p-3 whitespace-pre-line text-ink">
                {open.message || "بدون رسالة"}
              </div>
              <DialogFooter>
                {retryButton(open)}
                {canDelete && (
                  <Button variant="destructive" onClick={() => setToDelete(open)}>
                    <Trash2Icon aria-hidden="true" />
                    حذف
                  </Button>
                )}
                <Button variant="outline" onClick={() => setOpen(null)}>
                  {TEXTS.close}
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>

      <AlertDialog open={toDelete !== null} onOpenChange={(next) => !next && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>حذف الرسالة؟</AlertDialogTitle>
            <AlertDialogDescription>{`سيتم حذف رسالة ${toDelete?.name ?? ""} نهائياً ولا يمكن التراجع.`}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>إلغاء</AlertDialogCancel>
            <AlertDialogAction onClick={confirmDelete}>حذف</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
