/**
 * «إعادة الإسناد» of the leads ticked in the leads list (docs/decisions/070-one-leads-list.md): a bar naming how many
 * are chosen, and a dialog that picks an agent of the round-robin lists and hands every chosen lead to them in one call
 * (POST /api/leads/reassign, leads.assign — the permission of the lead page's reassignment). The server's Arabic
 * error shows inline and nothing changes; on success the choice is cleared.
 */
import { UserRoundCogIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { countNoun, NOUNS } from "#domain/format.ts";
import { FieldFrame, fieldControlProps } from "~/admin/common/form/field.tsx";
import { FormDialog } from "~/admin/common/form/form-dialog.tsx";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { useBulkReassign, useDeskAgents } from "./api.ts";
import { DESK_TEXTS } from "./desk-texts.ts";
import { selectClass } from "./stage-dialog.tsx";

export const BULK_TEXTS = {
  chosen: (n: number) => `المحدد: ${countNoun(n, NOUNS.lead)}`,
  reassign: "إعادة الإسناد",
  clear: "إلغاء التحديد",
  title: "إعادة إسناد العملاء المحددين",
  description: (n: number) => `سيُسند ${countNoun(n, NOUNS.lead)} إلى الموظف المختار.`,
  chooseAgent: "اختر الموظف",
  agentRequired: "يرجى اختيار الموظف",
  done: (n: number) => `تمت إعادة إسناد ${countNoun(n, NOUNS.lead)}`,
  failed: "تعذّرت إعادة الإسناد",
} as const;

export interface BulkReassignProps {
  ids: number[];
  onClear: () => void;
}

/** The bar above the list while leads are ticked, with its dialog. */
export function BulkReassignBar({ ids, onClear }: BulkReassignProps) {
  const [open, setOpen] = useState(false);
  if (!ids.length) return null;
  return (
    <div
      className="sticky top-2 z-10 flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 p-3 shadow-sm ring-1 ring-brand-100"
      role="region"
      aria-label={BULK_TEXTS.reassign}
    >
      <span className="font-bold text-ink" aria-live="polite">
        {BULK_TEXTS.chosen(ids.length)}
      </span>
      <Button onClick={() => setOpen(true)}>
        <UserRoundCogIcon aria-hidden="true" />
        {BULK_TEXTS.reassign}
      </Button>
      <Button variant="ghost" onClick={onClear}>
        <XIcon aria-hidden="true" />
        {BULK_TEXTS.clear}
      </Button>
      <BulkReassignDialog ids={ids} open={open} onOpenChange={setOpen} onDone={onClear} />
    </div>
  );
}

function BulkReassignDialog({
  ids,
  open,
  onOpenChange,
  onDone,
}: {
  ids: number[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}) {
  const id = useId();
  const agents = useDeskAgents({ enabled: open });
  const [ownerId, setOwnerId] = useState("");
  const [error, setError] = useState<string | undefined>();
  const reassign = useBulkReassign();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ownerId) return setError(BULK_TEXTS.agentRequired);
    reassign.mutate(
      { ids, ownerId },
      {
        onSuccess: (result) => {
          toast({ variant: "success", title: BULK_TEXTS.done(result.reassigned.length + result.unchanged.length) });
          onOpenChange(false);
          onDone();
        },
        onError: (e) => setError(apiErrorMessage(e, BULK_TEXTS.failed)),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={BULK_TEXTS.title}
      description={BULK_TEXTS.description(ids.length)}
      className="max-w-md"
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FieldFrame id={id} label={DESK_TEXTS.owner} error={error}>
          <select
            {...fieldControlProps(id, error, false)}
            className={selectClass}
            value={ownerId}
            onChange={(e) => {
              setOwnerId(e.target.value);
              setError(undefined);
            }}
          >
            <option value="">{BULK_TEXTS.chooseAgent}</option>
            {agents.map((a) => (
              <option key={a.userId} value={a.userId}>
                {a.name}
              </option>
            ))}
          </select>
        </FieldFrame>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {DESK_TEXTS.cancel}
          </Button>
          <Button type="submit" disabled={reassign.isPending}>
            {BULK_TEXTS.reassign}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
