/**
 * The unsaved-changes guard of the back office's forms (docs/decisions/100-unsaved-changes-guard.md): while `when` is true (a dirty form not yet saved), leaving for another admin
 * screen stops at a dialog «لديك تغييرات غير محفوظة» with «البقاء في الصفحة» and «المغادرة دون حفظ» (React
 * Router's `useBlocker`), and closing or reloading the tab asks the browser's own question (`beforeunload`).
 * A change of the query string alone (a tab, a filter) is not leaving. Outside a router (a form rendered alone in a
 * unit test) the guard renders nothing.
 */
import { useEffect } from "react";
import { useBlocker, useInRouterContext } from "react-router";
import { Button } from "~/shared/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/shared/ui/dialog.tsx";

export const UNSAVED_TEXTS = {
  title: "لديك تغييرات غير محفوظة",
  description: "إذا غادرت هذه الصفحة الآن فستضيع التغييرات التي لم تحفظها.",
  stay: "البقاء في الصفحة",
  leave: "المغادرة دون حفظ",
};

/** Guards unsaved changes while `when` is true (see the module comment). */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  return useInRouterContext() ? <RouterGuard when={when} /> : null;
}

function RouterGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [when]);
  return (
    <UnsavedChangesDialog
      open={blocker.state === "blocked"}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
}

/**
 * The question itself, for a screen that loses unsaved changes without leaving (switching the role whose permissions
 * are being ticked): «البقاء في الصفحة» calls `onStay`, «المغادرة دون حفظ» `onLeave`; closing the dialog is staying.
 */
export function UnsavedChangesDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onStay()}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>{UNSAVED_TEXTS.title}</DialogTitle>
          <DialogDescription>{UNSAVED_TEXTS.description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onStay}>
            {UNSAVED_TEXTS.stay}
          </Button>
          <Button variant="destructive" onClick={onLeave}>
            {UNSAVED_TEXTS.leave}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
