/**
 * The manager's actions on one lead (docs/product.md §2.16 leads): reassign to an agent of the round-robin lists
 * (PUT /api/leads/{id}/owner, leads.assign), merge another lead of the same person into this one (POST …/merge,
 * leads.assign), and the person's PDPL requests — export everything stored as a JSON file, erase/anonymise every
 * enquiry after a confirmation (leads.settings). Server errors are shown inline in Arabic.
 */
import { useId, useState } from "react";
import { toAsciiDigits } from "#domain/digits.ts";
import { apiErrorMessage } from "~/shared/lib/api-client.ts";
import { Button } from "~/shared/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "~/shared/ui/card.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/shared/ui/dialog.tsx";
import { Input } from "~/shared/ui/input.tsx";
import { Label } from "~/shared/ui/label.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import {
  downloadPersonXlsx,
  fetchPersonExport,
  type LeadSummary,
  type PersonRef,
  useDeskAgents,
  useErasePerson,
  useMergeLead,
  useReassignLead,
} from "./api.ts";
import { DESK_TEXTS } from "./desk-texts.ts";
import { selectClass } from "./stage-dialog.tsx";

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

function ErrorNote({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">
      {text}
    </p>
  ) : null;
}

export function ReassignDialog({ lead, open, onOpenChange }: { lead: LeadSummary } & DialogProps) {
  const ids = useId();
  const agents = useDeskAgents({ enabled: open });
  const [ownerId, setOwnerId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reassign = useReassignLead();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!ownerId) return setError("يرجى اختيار الموظف");
    reassign.mutate(
      { id: lead.id, ownerId },
      {
        onSuccess: () => {
          toast({ variant: "success", title: "تمت إعادة الإسناد" });
          onOpenChange(false);
        },
        onError: (e) => setError(apiErrorMessage(e, "تعذّرت إعادة الإسناد")),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>إعادة الإسناد</DialogTitle>
            <DialogDescription>{`${lead.name} · ${DESK_TEXTS.owner}: ${lead.ownerName ?? DESK_TEXTS.unassigned}`}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-owner`}>{DESK_TEXTS.owner}</Label>
            <select
              id={`${ids}-owner`}
              className={selectClass}
              value={ownerId}
              onChange={(e) => setOwnerId(e.target.value)}
            >
              <option value="">اختر الموظف</option>
              {agents.map((a) => (
                <option key={a.userId} value={a.userId}>
                  {a.away ? `${a.name} (غائب)` : a.name}
                </option>
              ))}
            </select>
          </div>
          <ErrorNote text={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {DESK_TEXTS.cancel}
            </Button>
            <Button type="submit" disabled={reassign.isPending}>
              {DESK_TEXTS.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function MergeDialog({
  lead,
  related,
  open,
  onOpenChange,
}: { lead: LeadSummary; related: LeadSummary[] } & DialogProps) {
  const ids = useId();
  const [otherId, setOtherId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const merge = useMergeLead();
  const candidates = related.filter((r) => r.mergedIntoId === null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const other = Number(toAsciiDigits(otherId.trim()));
    if (!Number.isInteger(other) || other <= 0) return setError("يرجى إدخال رقم العميل الآخر");
    merge.mutate(
      { id: lead.id, otherId: other },
      {
        onSuccess: () => {
          toast({ variant: "success", title: "تم الدمج" });
          onOpenChange(false);
        },
        onError: (e) => setError(apiErrorMessage(e, "تعذّر الدمج")),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>دمج مع عميل آخر</DialogTitle>
            <DialogDescription>{`يُضم سجل العميل الآخر إلى ${lead.name} ويبقى محفوظًا.`}</DialogDescription>
          </DialogHeader>
          {candidates.length > 0 && (
            <div className="grid gap-2">
              <p className="text-sm text-muted">استفسارات من نفس الشخص</p>
              {candidates.map((c) => (
                <Button key={c.id} type="button" variant="outline" onClick={() => setOtherId(String(c.id))}>
                  {`${c.name} · ${c.projectName ?? DESK_TEXTS.noProject}`}
                </Button>
              ))}
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-other`}>رقم العميل الآخر</Label>
            <Input
              id={`${ids}-other`}
              inputMode="numeric"
              dir="ltr"
              value={otherId}
              onChange={(e) => setOtherId(e.target.value)}
            />
          </div>
          <ErrorNote text={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {DESK_TEXTS.cancel}
            </Button>
            <Button type="submit" disabled={merge.isPending}>
              دمج
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Saves `data` as a JSON file named `filename` in the browser. */
function saveJson(data: unknown, filename: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

export function PersonRequests({ person, onErased }: { person: PersonRef; onErased: () => void }) {
  const [confirm, setConfirm] = useState(false);
  const erase = useErasePerson();
  const exportAs = async (format: "json" | "xlsx") => {
    try {
      if (format === "xlsx") await downloadPersonXlsx(person);
      else saveJson(await fetchPersonExport(person), `person-${new Date().toISOString().slice(0, 10)}.json`);
    } catch (e) {
      toast({ variant: "destructive", title: "تعذّر التصدير", description: apiErrorMessage(e, "") });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>طلبات حماية البيانات الشخصية</CardTitle>
      </CardHeader>
      <CardContent className="flex-row flex-wrap gap-2">
        <Button variant="outline" onClick={() => void exportAs("xlsx")}>
          تصدير بيانات الشخص (جدول إكسل)
        </Button>
        <Button variant="outline" onClick={() => void exportAs("json")}>
          تصدير بيانات الشخص (ملف بيانات)
        </Button>
        <Button variant="destructive" onClick={() => setConfirm(true)}>
          حذف بيانات الشخص
        </Button>
      </CardContent>
      <Dialog open={confirm} onOpenChange={setConfirm}>
        <DialogContent role="alertdialog" className="max-w-md">
          <DialogHeader>
            <DialogTitle>حذف بيانات الشخص؟</DialogTitle>
            <DialogDescription>
              تُمحى البيانات الشخصية من كل استفسارات هذا الشخص وتبقى أعداد الحملات فقط. لا يمكن التراجع.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirm(false)}>
              {DESK_TEXTS.cancel}
            </Button>
            <Button
              variant="destructive"
              disabled={erase.isPending}
              onClick={() =>
                erase.mutate(person, {
                  onSuccess: () => {
                    setConfirm(false);
                    toast({ variant: "success", title: "تم حذف بيانات الشخص" });
                    onErased();
                  },
                  onError: (e) =>
                    toast({ variant: "destructive", title: "تعذّر الحذف", description: apiErrorMessage(e, "") }),
                })
              }
            >
              حذف
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
