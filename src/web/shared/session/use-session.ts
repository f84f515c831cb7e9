/** React access to the session store without any provider (the public layout can use it too). */
import { useSyncExternalStore } from "react";
import { type SessionSnapshot, sessionStore } from "./auth-store.ts";

/** The current session snapshot; re-renders on every change. */
export function useSessionSnapshot(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}
