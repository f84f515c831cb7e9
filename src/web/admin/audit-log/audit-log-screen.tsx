/**
 * The audit log viewer (ARCHITECTURE resolution 8, the admin-only third screen of SPEC §2.18): audit_logs newest
 * first, filterable by user, entity type, action and date range, each row expandable to show the previous and the
 * new state side by side. Without audit.view (a super_admin always holds it) the screen shows "غير مصرح لك".
 */

import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useId, useState } from "react";
import { formatNumber } from "#domain/format.ts";
import { ColumnHeads } from "~/admin/common/column-heads.tsx";
import { NotAuthorized } from "~/admin/common/require-permission.tsx";
import { RT } from "~/admin/common/responsive-table.ts";
import { useUsers } from "~/admin/employees/api.ts";
import { userCan } from "~/admin/shell/auth-permissions.ts";
import { useCurrentUser } from "~/admin/shell/session-provider.tsx";
import { isApiError } from "~/shared/lib/api-client.ts";
import { cn } from "~/shared/lib/cn.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card } from "~/shared/ui/card.tsx";
import { Skeleton } from "~/shared/ui/skeleton.tsx";
import { type AuditFilters, EMPTY_AUDIT_FILTERS, useAuditLogs } from "./api.ts";
import { AuditFiltersCard } from "./audit-filters.tsx";
import { AuditRow } from "./audit-row.tsx";
import { AUDIT_TEXTS } from "./audit-texts.ts";

/** Arabic names of the entity types and actions the services record; unknown ones are shown as stored. */
export const ENTITY_LABELS: Record<string, string> = {
  user: "موظف",
  user_permission: "صلاحية مستخدم",
  role_permissions: "صلاحيات دور",
  session: "جلسة",
  project: "مشروع",
  unit: "وحدة",
  project_update: "تحديث مشروع",
  landing_page: "صفحة هبوط",
  campaign: "حملة",
  landing_campaign: "حملة",
  contact_message: "رسالة تواصل",
  webhook_delivery: "إرسال ويب هوك",
  upload: "ملف",
  file: "ملف",
  person: "بيانات شخص",
  lead_agent: "مسؤول مبيعات",
  lead_agents: "قائمة مسؤولي المبيعات",
  lead_lost_reason: "سبب خسارة",
  lead_settings: "إعدادات مكتب العملاء",
  role: "دور",
  villa: "فيلا",
  conversion_connection: "ربط منصة إعلانية",
  conversion_event: "حدث تحويل",
  campaign_spend: "إنفاق حملة",
  lead: "عميل",
  lead_form: "نموذج منصة",
  lead_form_connection: "ربط نماذج منصة",
  project_payment_settings: "إعدادات العربون",
  checkout: "حجز إلكتروني بعربون",
  unit_type: "نموذج وحدة",
  unit_hold: "حجز مؤقت لوحدة",
  visit: "زيارة",
  visit_settings: "مواعيد الزيارات",
  whatsapp_connection: "ربط واتساب",
  whatsapp_greeting: "ترحيب واتساب",
  whatsapp_message: "رسالة واتساب",
  licence: "ترخيص إعلان",
};
export const ACTION_LABELS: Record<string, string> = {
  create: "إنشاء",
  update: "تعديل",
  delete: "حذف",
  login: "تسجيل دخول",
  logout: "تسجيل خروج",
  view: "عرض بيانات التواصل",
  hold: "حجز مؤقت",
  block: "إيقاف وحدة",
  unblock: "إعادة عرض وحدة",
  cancel: "إلغاء",
  reschedule: "إعادة جدولة",
  visit_cancelled: "إلغاء زيارة",
  hold_expired: "انتهاء حجز مؤقت",
  release: "إلغاء حجز",
  move: "نقل",
  outcome: "نتيجة زيارة",
  prices_changed: "تغيير الأسعار",
  units_generated: "إنشاء وحدات",
  whatsapp_send: "إرسال واتساب",
  whatsapp_view: "عرض محادثة واتساب",
  whatsapp_review: "مراجعة رسالة واتساب",
  paid: "دفع العربون",
  paid_late: "دفع بعد انتهاء الحجز المؤقت",
  failed: "فشل الدفع",
  expired: "انتهاء الحجز المؤقت",
  refund: "استرداد",
  export: "تصدير",
  erase: "حذف بيانات شخص",
  retention: "إخفاء بيانات منتهية الاحتفاظ",
  import: "استيراد",
  upload: "رفع ملف",
  reuse: "إعادة استخدام ملف",
  publish: "نشر",
  unpublish: "إلغاء النشر",
  stage: "تغيير المرحلة",
  assign: "إسناد",
  activity: "تسجيل نشاط",
  merge: "دمج",
  away: "حالة الغياب",
  retry: "إعادة المحاولة",
  marketing_consent_withdrawn: "سحب الموافقة التسويقية",
  password_change: "تغيير كلمة المرور",
  two_factor_enable: "تفعيل التحقق بخطوتين",
  two_factor_disable: "إيقاف التحقق بخطوتين",
  password_reset: "إعادة تعيين كلمة المرور من الخادم",
  logout_others: "إنهاء الجلسات الأخرى",
};
const label = (map: Record<string, string>, value: string) => map[value] ?? value;

const SKELETON_ROWS = ["a", "b", "c", "d", "e"] as const;

export function AuditLogScreen() {
  const user = useCurrentUser();
  const allowed = userCan(user, "audit.view");
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const logs = useAuditLogs(filters, { enabled: allowed });
  const users = useUsers({ enabled: allowed && userCan(user, "users.view") });
  const [open, setOpen] = useState<Set<number>>(new Set());
  const id = useId();

  if (!allowed || isApiError(logs.error, 403)) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold text-ink">{AUDIT_TEXTS.title}</h1>
        <NotAuthorized />
      </div>
    );
  }

  const set = (patch: Partial<AuditFilters>) => setFilters((current) => ({ ...current, page: 1, ...patch }));
  const toggle = (rowId: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(rowId)) next.delete(rowId);
      else next.add(rowId);
      return next;
    });
  const data = logs.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-ink">{AUDIT_TEXTS.title}</h1>
      <AuditFiltersCard
        filters={filters}
        onChange={set}
        onClear={() => setFilters(EMPTY_AUDIT_FILTERS)}
        users={users.data ?? []}
        entityTypes={(data?.entityTypes ?? []).map((t) => ({ value: t, label: label(ENTITY_LABELS, t) }))}
        actions={(data?.actions ?? []).map((a) => ({ value: a, label: label(ACTION_LABELS, a) }))}
        total={data ? AUDIT_TEXTS.total(formatNumber(data.total)) : null}
      />

      {logs.isError ? (
        <p role="alert" className="text-danger">
          {AUDIT_TEXTS.loadError}
        </p>
      ) : (
        <Card className={cn(RT.wrapper, "p-0")}>
          <table className={cn(RT.table, "md:min-w-[44rem]")}>
            <ColumnHeads
              columns={[
                { label: AUDIT_TEXTS.colDate },
                { label: AUDIT_TEXTS.user },
                { label: AUDIT_TEXTS.action },
                { label: AUDIT_TEXTS.colEntity },
                { label: AUDIT_TEXTS.colDetails, end: true },
              ]}
            />
            <tbody className={RT.tbody} aria-busy={logs.isPending}>
              {logs.isPending
                ? SKELETON_ROWS.map((key) => (
                    <tr key={key} className={RT.tr}>
                      {[1, 2, 3, 4, 5].map((cell) => (
                        <td key={cell} className={RT.actions}>
                          <Skeleton className="h-4 w-24" />
                        </td>
                      ))}
                    </tr>
                  ))
                : (data?.items ?? []).map((entry) => (
                    <AuditRow
                      key={entry.id}
                      entry={entry}
                      expanded={open.has(entry.id)}
                      detailsId={`${id}-details-${entry.id}`}
                      onToggle={() => toggle(entry.id)}
                      actionLabel={label(ACTION_LABELS, entry.action)}
                      entityLabel={label(ENTITY_LABELS, entry.entityType)}
                    />
                  ))}
            </tbody>
          </table>
          {!logs.isPending && data && data.items.length === 0 ? (
            <p className="px-4 py-10 text-center font-bold text-muted">{AUDIT_TEXTS.empty}</p>
          ) : null}
        </Card>
      )}

      {data && pages > 1 ? (
        <nav className="flex items-center justify-center gap-3" aria-label={AUDIT_TEXTS.title}>
          <Button
            variant="outline"
            size="sm"
            disabled={filters.page <= 1}
            onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
          >
            <ChevronRightIcon aria-hidden="true" className="rtl:rotate-0 ltr:rotate-180" />
            {AUDIT_TEXTS.previousPage}
          </Button>
          <span className="text-sm text-muted">
            {AUDIT_TEXTS.page(formatNumber(filters.page), formatNumber(pages))}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={filters.page >= pages}
            onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
          >
            {AUDIT_TEXTS.nextPage}
            <ChevronLeftIcon aria-hidden="true" className="rtl:rotate-0 ltr:rotate-180" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
