/**
 * A multi-line text control: a `<textarea>` whose Arabic-Indic digits become Latin ones as they are typed, like the
 * shared Input (ARCHITECTURE resolution 11; ~/shared/lib/latin-digits.ts). It brings no look of its own: pass the
 * screen's class (the back office's TEXTAREA_CLASS). Pair it with a Label through id/htmlFor.
 */
import type * as React from "react";
import { withLatinDigits } from "~/shared/lib/latin-digits.ts";

export function Textarea({ onChange, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" onChange={withLatinDigits(onChange)} {...props} />;
}
