/**
 * The recovery codes shown once after two-factor enrolment (docs/decisions/020-staff-sign-in-hardening.md), with the
 * three ways to keep them (docs/decisions/066-account-recovery-from-the-shell.md): copy to the clipboard, download as a
 * UTF-8 .txt file (heading, one code per line, the note), and print (a separate window holding only the codes, so the
 * back office around them is not printed). Props: the codes, the username naming the file, and `onDone`.
 */
import { ClipboardCopyIcon, DownloadIcon, PrinterIcon } from "lucide-react";
import { Button } from "~/shared/ui/button.tsx";
import { toast } from "~/shared/ui/use-toast.ts";
import { ACCOUNT_TEXTS as T } from "./texts.ts";

/** The text of the copied and downloaded codes: heading, blank line, one code per line, blank line, the note. */
export function recoveryCodesText(codes: readonly string[], username: string): string {
  return [T.recoveryFileHeading(username), "", ...codes, "", T.recoveryFileNote, ""].join("\n");
}

async function copyCodes(codes: readonly string[], username: string) {
  try {
    await navigator.clipboard.writeText(recoveryCodesText(codes, username));
    toast({ variant: "success", title: T.recoveryCopied });
  } catch {
    toast({ variant: "destructive", title: T.recoveryCopyFailed });
  }
}

function downloadCodes(codes: readonly string[], username: string) {
  // The byte-order mark lets older Windows editors read the Arabic lines as UTF-8.
  const blob = new Blob(["\ufeff", recoveryCodesText(codes, username)], { type: "text/plain;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = T.recoveryFileName(username);
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function printCodes(codes: readonly string[], username: string) {
  const printable = window.open("", "_blank", "width=600,height=700");
  if (!printable) {
    toast({ variant: "destructive", title: T.recoveryPrintFailed });
    return;
  }
  const doc = printable.document;
  doc.documentElement.lang = "ar";
  doc.documentElement.dir = "rtl";
  doc.title = T.recoveryTitle;
  const heading = doc.createElement("h1");
  heading.textContent = T.recoveryFileHeading(username);
  const list = doc.createElement("ol");
  list.dir = "ltr";
  list.style.fontFamily = "monospace";
  list.style.fontSize = "16pt";
  for (const code of codes) {
    const item = doc.createElement("li");
    item.textContent = code;
    list.append(item);
  }
  const note = doc.createElement("p");
  note.textContent = T.recoveryFileNote;
  doc.body.replaceChildren(heading, list, note);
  printable.focus();
  printable.print();
}

export function RecoveryCodes({
  codes,
  username,
  headingId,
  onDone,
}: {
  codes: readonly string[];
  username: string;
  headingId: string;
  onDone: () => void;
}) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-bold">
        {T.recoveryTitle}
      </h3>
      <p className="text-sm text-muted">{T.recoveryDescription}</p>
      <ul dir="ltr" className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c} className="rounded bg-canvas px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copyCodes(codes, username)}>
          <ClipboardCopyIcon aria-hidden="true" />
          {T.recoveryCopy}
        </Button>
        <Button type="button" variant="outline" onClick={() => downloadCodes(codes, username)}>
          <DownloadIcon aria-hidden="true" />
          {T.recoveryDownload}
        </Button>
        <Button type="button" variant="outline" onClick={() => printCodes(codes, username)}>
          <PrinterIcon aria-hidden="true" />
          {T.recoveryPrint}
        </Button>
      </div>
      <Button type="button" className="self-start" onClick={onDone}>
        {T.recoverySaved}
      </Button>
    </section>
  );
}
