/**
 * The debounced project name check of SPEC §5.3: on each change of name or city, after NAME_CHECK_DEBOUNCE_MS
 * (500 ms) without another change, asks the server whether the name exists in that city. Skipped when the name is
 * empty or equals the name of the project being edited. A failed check counts as "no error" (the server checks
 * again on save). `checking` is true from the change until the answer ("جاري التحقق...").
 */
import { useEffect, useState } from "react";
import { NAME_CHECK_DEBOUNCE_MS } from "#domain/constants.ts";
import { PROJECT_MESSAGES } from "#domain/schemas/project.ts";
import { checkProjectName } from "./api.ts";

export interface NameCheckState {
  checking: boolean;
  /** The server's message or "هذا المشروع موجود مسبقًا" when the name exists; else null. */
  error: string | null;
}

export function useProjectNameCheck(
  name: string | null | undefined,
  city: string | null | undefined,
  options: { originalName?: string; excludeId?: number; check?: typeof checkProjectName } = {},
): NameCheckState {
  const [state, setState] = useState<NameCheckState>({ checking: false, error: null });
  const check = options.check ?? checkProjectName;
  const { originalName, excludeId } = options;

  useEffect(() => {
    const trimmed = (name ?? "").trim();
    if (!trimmed || (originalName !== undefined && trimmed === originalName.trim())) {
      setState({ checking: false, error: null });
      return;
    }
    setState((s) => ({ ...s, checking: true }));
    const controller = new AbortController();
    const timer = setTimeout(() => {
      check({ name: trimmed, city: (city ?? "").trim(), excludeId }, controller.signal)
        .then((result) => {
          if (controller.signal.aborted) return;
          setState({
            checking: false,
            error: result.exists ? result.message || PROJECT_MESSAGES.nameExists : null,
          });
        })
        .catch(() => {
          if (!controller.signal.aborted) setState({ checking: false, error: null });
        });
    }, NAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [name, city, originalName, excludeId, check]);

  return state;
}
