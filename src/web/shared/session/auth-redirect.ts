/**
 * Where the browser goes after signing in (SPEC §2.9, §4.10). Both records live in sessionStorage (this tab only):
 * - the pending action {type: "deleteProject", projectId} stored when a delete was requested while signed out;
 * - the redirect address the admin shell stores when it sends a signed-out visitor to the login page.
 */

export const PENDING_ACTION_KEY = "admin.pendingAction";
export const REDIRECT_KEY = "admin.redirectTo";
export const LOGIN_PATH = "/admin/login";
export const ADMIN_HOME_PATH = "/admin";
export const PROJECTS_PATH = "/admin/projects";
/** An agent's own leads, «عملائي» (docs/decisions/074-a-clock-the-agent-sees.md). */
export const MY_LEADS_PATH = "/admin/leads/mine";

/** Where a role starts after signing in: a sales agent on «عملائي», everyone else on the dashboard. */
export function homePathOf(role: string | null | undefined): string {
  return role === "sales_agent" ? MY_LEADS_PATH : ADMIN_HOME_PATH;
}

export interface PendingDeleteProject {
  type: "deleteProject";
  projectId: number;
}

function session(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * True for a same-site back-office path ("/admin", "/admin/…", "/admin?…"), never the login page itself,
 * a protocol-relative address ("//host") or a backslash trick.
 */
export function isSafeAdminPath(path: string): boolean {
  if (!/^\/admin(?:[/?#]|$)/.test(path)) return false;
  if (path.includes("//") || path.includes("\\")) return false;
  const pathname = path.split(/[?#]/)[0].replace(/\/$/, "");
  return pathname !== LOGIN_PATH;
}

/**
 * Reads the pending action (SPEC §4.10) without removing it: the projects screen consumes it.
 * A corrupt entry is discarded and logged; null when none.
 */
export function readPendingAction(storage: Storage | null = session()): PendingDeleteProject | null {
  const raw = storage?.getItem(PENDING_ACTION_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    const { type, projectId } = (value ?? {}) as Record<string, unknown>;
    if (type === "deleteProject" && typeof projectId === "number" && Number.isInteger(projectId) && projectId > 0) {
      return { type, projectId };
    }
  } catch {
    // handled below
  }
  console.warn("Discarded a corrupt pending action", raw);
  storage?.removeItem(PENDING_ACTION_KEY);
  return null;
}

/** Stores a pending delete for after the login (SPEC §4.10). */
export function storePendingAction(action: PendingDeleteProject, storage: Storage | null = session()): void {
  storage?.setItem(PENDING_ACTION_KEY, JSON.stringify(action));
}

/** Removes the pending action (the projects screen calls it once handled). */
export function clearPendingAction(storage: Storage | null = session()): void {
  storage?.removeItem(PENDING_ACTION_KEY);
}

/** Remembers where a signed-out visitor was going; ignored unless `isSafeAdminPath`. */
export function storeRedirect(path: string, storage: Storage | null = session()): void {
  if (isSafeAdminPath(path)) storage?.setItem(REDIRECT_KEY, path);
}

/** Returns and removes the stored redirect address, or null when there is none or it is not a safe admin path. */
export function takeRedirect(storage: Storage | null = session()): string | null {
  const path = storage?.getItem(REDIRECT_KEY) ?? null;
  storage?.removeItem(REDIRECT_KEY);
  return path && isSafeAdminPath(path) ? path : null;
}

/**
 * The address after a successful login, in SPEC §2.9 order: /admin/projects when a pending deleteProject exists;
 * else the stored redirect address (cleared); else `home` (/admin; a sales agent's «عملائي», homePathOf).
 */
export function postLoginDestination(storage: Storage | null = session(), home = ADMIN_HOME_PATH): string {
  if (readPendingAction(storage)) return PROJECTS_PATH;
  return takeRedirect(storage) ?? home;
}
