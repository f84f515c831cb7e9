/**
 * The manager's actions on one lead (docs/product.md §2.16 leads): reassign to an agent of the round-robin lists
 * (PUT /api/leads/{id}/owner, leads.assign), merge another lead of the same person into this one, found by name or
 * phone and compared side by side first (POST …/merge, leads.assign), and the person's PDPL requests — export everything stored as a JSON file, erase/anonymise every
 * enquiry after a confirmation (leads.settings). Server errors are shown inline in Arabic.
 */
import { useId, useState } from "react";
import { formatDateTime } from "#domain/format.ts";
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
  useLeadSearch,
  useMergeLead,
  useReassignLead,
} from "./api.ts";
import { DESK_TEXTS } from "./desk-texts.ts";
import { SaveFooter, selectClass } from "./stage-dialog.tsx";

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
          <SaveFooter onCancel={() => onOpenChange(false)} busy={reassign.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Merge by what people know (docs/decisions/075-merge-and-assign-by-what-people-know.md): the manager searches by
 * name or phone in any form (05…, 9665…, +966…, Arabic-Indic digits; GET /api/leads?search=), or takes one of the
 * person's other leads, sees both leads side by side, then confirms. The other lead joins this one.
 */
export function MergeDialog({
  lead,
  related,
  open,
  onOpenChange,
}: { lead: LeadSummary; related: LeadSummary[] } & DialogProps) {
  const ids = useId();
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const [other, setOther] = useState<LeadSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const merge = useMergeLead();
  const found = useLeadSearch(query, { enabled: open && query.length > 0 });
  const candidates = (query ? (found.data ?? []) : related).filter((r) => r.id !== lead.id && r.mergedIntoId === null);
  const close = (next: boolean) => {
    if (!next) {
      setOther(null);
      setError(null);
    }
    onOpenChange(next);
  };
  const search = (event: React.FormEvent) => {
    event.preventDefault();
    setOther(null);
    setQuery(typed.trim());
  };
  const confirm = () => {
    if (!other) return;
    merge.mutate(
      { id: lead.id, otherId: other.id },
      {
        onSuccess: () => {
          toast({ variant: "success", title: "تم الدمج" });
          close(false);
        },
        onError: (e) => setError(apiErrorMessage(e, "تعذّر الدمج")),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>دمج مع عميل آخر</DialogTitle>
          <DialogDescription>{`ابحث عن العميل الآخر بالاسم أو رقم الجوال؛ يُضم سجله إلى ${lead.name} ويبقى محفوظًا.`}</DialogDescription>
        </DialogHeader>
        {other ? (
          <div className="grid gap-3">
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="merge-compare">
              <LeadCompare title="العميل الآخر (يُدمج)" lead={other} />
              <LeadCompare title="هذا العميل (يبقى)" lead={lead} />
            </div>
            <ErrorNote text={error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOther(null)}>
                رجوع
              </Button>
              <Button type="button" onClick={confirm} disabled={merge.isPending}>
                تأكيد الدمج
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <div className="grid gap-3">
            <form noValidate onSubmit={search} className="flex flex-wrap items-end gap-2">
              <div className="grid min-w-0 flex-1 gap-1">
                <Label htmlFor={`${ids}-search`}>الاسم أو رقم الجوال</Label>
                <Input
                  id={`${ids}-search`}
                  type="search"
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  autoComplete="off"
                />
              </div>
              <Button type="submit" variant="outline">
                بحث
              </Button>
            </form>
            {query && found.isPending ? (
              <p className="text-sm text-muted">جارٍ البحث...</p>
            ) : candidates.length === 0 ? (
              <p className="text-sm text-muted">
                {query ? `لا يوجد عملاء يطابقون «${query}»` : "ابحث بالاسم أو الجوال"}
              </p>
            ) : (
              <ul className="grid max-h-72 gap-2 overflow-y-auto" aria-label="نتائج البحث">
                {candidates.map((c) => (
                  <li key={c.id}>
                    <Button
                      type="button"
                      variant="outline"
                      className="h-auto w-full justify-start py-2 text-start whitespace-normal"
                      onClick={() => setOther(c)}
                    >
                      <span className="grid gap-0.5">
                        <span className="font-bold">{c.name}</span>
                        <span className="text-xs text-muted">
                          <span dir="ltr">{c.phone ?? c.email ?? ""}</span>
                          {` · ${c.projectName ?? DESK_TEXTS.noProject} · ${c.stageLabel}`}
                        </span>
                      </span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {DESK_TEXTS.cancel}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** One lead's facts, for the side-by-side check before a merge. */
function LeadCompare({ title, lead }: { title: string; lead: LeadSummary }) {
  const rows: [string, string, boolean?][] = [
    [DESK_TEXTS.name, lead.name],
    [DESK_TEXTS.phone, lead.phone ?? "—", true],
    [DESK_TEXTS.email, lead.email ?? "—", true],
    [DESK_TEXTS.project, lead.projectName ?? DESK_TEXTS.noProject],
    [DESK_TEXTS.stage, lead.stageLabel],
    [DESK_TEXTS.owner, lead.ownerName ?? DESK_TEXTS.unassigned],
    [DESK_TEXTS.createdAt, formatDateTime(lead.createdAt)],
  ];
  return (
    <section className="grid gap-2 rounded-lg border border-brand-100 p-3" aria-label={title}>
      <p className="font-bold text-ink">{title}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {rows.map(([label, value, latin]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0 break-words" dir={latin ? "ltr" : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
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
