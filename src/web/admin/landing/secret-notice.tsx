/** Shows a just-issued webhook secret once, with a copy button (docs/product.md §10.4: the secret is never shown again). */
import { CopyIcon, KeyRoundIcon } from "lucide-react";
import type * as React from "react";
import { Button } from "~/shared/ui/button.tsx";
import { DialogFooter } from "~/shared/ui/dialog.tsx";
import { copyText } from "./copy.ts";
import { LANDING_UI } from "./landing-texts.ts";

export function SecretNotice({ secret }: { secret: string }) {
  return (
    <div role="status" className="grid gap-2 rounded-xl border border-warning/40 bg-warning/10 p-4">
      <p className="flex items-center gap-2 font-bold text-ink">
        <KeyRoundIcon aria-hidden="true" className="size-4" />
        {LANDING_UI.secretTitle}
      </p>
      <p className="text-sm text-muted">{LANDING_UI.secretHint}</p>
      <div className="flex items-center gap-2">
        <code
          dir="ltr"
          className="min-w-0 flex-1 break-all rounded-lg bg-surface px-3 py-2 text-sm"
          data-testid="webhook-secret"
        >
          {secret}
        </code>
        <Button variant="outline" size="sm" onClick={() => void copyText(secret)}>
          <CopyIcon aria-hidden="true" />
          نسخ
        </Button>
      </div>
    </div>
  );
}

/** A dialog's body once a secret is issued: `header`, the secret's notice, and «تم» (`onDone`) in the footer. */
export function SecretIssued({
  secret,
  header,
  onDone,
}: {
  secret: string;
  header?: React.ReactNode;
  onDone: () => void;
}) {
  return (
    <div className="grid gap-4">
      {header}
      <SecretNotice secret={secret} />
      <DialogFooter>
        <Button onClick={onDone}>تم</Button>
      </DialogFooter>
    </div>
  );
}
