/**
 * SPEC's actions on enquiries in the leads list (docs/product.md §2.16; docs/decisions/070-one-leads-list.md): the delete
 * of one enquiry after a confirmation (contact_messages.delete; DELETE /api/contact/messages/{id}, audited on the
 * server with identifiers only) and the enquiries export of the list's filters as .xlsx / .csv
 * (contact_messages.export), beside the leads export.
 */
import { DownloadIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import type { LeadEnquiry } from "#domain/lead-list.ts";
import { ConfirmAlert } from "~/admin/common/confirm-alert.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { downloadContactExport, type LeadFilters, useDeleteContactMessage } from "./api.ts";

export const ENQUIRY_ACTION_TEXTS = {
  deleteLabel: (name: string) => `حذف رسالة ${name}`,
  confirmTitle: "حذف الرسالة؟",
  confirmBody: (name: string) => `سيتم حذف رسالة ${name} نهائياً ولا يمكن التراجع.`,
  cancel: "إلغاء",
  confirm: "حذف",
  deleted: "تم حذف الرسالة",
  exportXlsx: "تصدير الرسائل (جدول إكسل)",
  exportCsv: "تصدير الرسائل (ملف نصي مفصول بفواصل)",
  exportFailed: "خطأ في التصدير",
  exportDefault: "تعذّر تصدير الرسائل",
} as const;

/**
 * The delete button of one enquiry of the lead `name`, with its confirmation dialog. On success a toast and the list
 * reloads; a failure is logged only (SPEC §8.5).
 */
export function DeleteEnquiryButton({ enquiry, name }: { enquiry: LeadEnquiry; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteContactMessage();
  const confirm = () => {
    setConfirming(false);
    remove.mutate(enquiry.id, {
      onSuccess: () => toast({ variant: "success", title: ENQUIRY_ACTION_TEXTS.deleted }),
    });
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-danger"
        disabled={remove.isPending}
        onClick={() => setConfirming(true)}
        aria-label={ENQUIRY_ACTION_TEXTS.deleteLabel(name)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
      <ConfirmAlert
        open={confirming}
        onOpenChange={setConfirming}
        title={ENQUIRY_ACTION_TEXTS.confirmTitle}
        description={ENQUIRY_ACTION_TEXTS.confirmBody(name)}
        cancelLabel={ENQUIRY_ACTION_TEXTS.cancel}
        confirmLabel={ENQUIRY_ACTION_TEXTS.confirm}
        onConfirm={confirm}
      />
    </>
  );
}

/** The enquiries export buttons (contact_messages.export) for the list's current filters. */
export function EnquiryExportButtons({ filters }: { filters: LeadFilters }) {
  const [exporting, setExporting] = useState(false);
  const exportAs = async (format: "xlsx" | "csv") => {
    setExporting(true);
    try {
      await downloadContactExport(format, filters);
    } catch (e) {
      toast({
        variant: "destructive",
        title: ENQUIRY_ACTION_TEXTS.exportFailed,
        description: apiErrorMessage(e, ENQUIRY_ACTION_TEXTS.exportDefault),
      });
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Button variant="outline" disabled={exporting} onClick={() => void exportAs("xlsx")}>
        <DownloadIcon aria-hidden="true" />
        {ENQUIRY_ACTION_TEXTS.exportXlsx}
      </Button>
      <Button variant="outline" disabled={exporting} onClick={() => void exportAs("csv")}>
        <DownloadIcon aria-hidden="true" />
        {ENQUIRY_ACTION_TEXTS.exportCsv}
      </Button>
    </>
  );
}
