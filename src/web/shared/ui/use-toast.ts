/**
 * The one toast helper (SPEC §4.2): `toast({title, description, variant, action})`. Only TOAST_LIMIT (1) toast is
 * visible; a new one replaces the previous. Toasts can be updated and dismissed; a dismissed toast is removed
 * after TOAST_REMOVE_DELAY_MS. The state lives in this module so a toast survives a route change (login → /admin);
 * `<Toaster />` renders it.
 */
import type { ReactElement, ReactNode } from "react";
import { useSyncExternalStore } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "#domain/constants.ts";

export type ToastVariant = "default" | "destructive" | "success";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** A `<ToastAction altText="…">` element from shared/ui/toast. */
  action?: ReactElement;
  /** Overrides the provider's default duration (ms). */
  duration?: number;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

let toasts: ToasterToast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToasterToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or all when no id is given; each is removed after TOAST_REMOVE_DELAY_MS. */
export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast, replacing the visible one. Returns a handle to update or dismiss it. */
export function toast(options: ToastOptions): ToastHandle {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...options, variant: options.variant ?? "default", id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getSnapshot = () => toasts;

/** The toasts to render (used by `<Toaster />`). */
export function useToasts(): readonly ToasterToast[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Removes every toast at once (tests and logout). */
export function resetToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  emit([]);
}
