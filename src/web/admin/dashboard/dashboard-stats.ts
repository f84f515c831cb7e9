/**
 * The dashboard figures SPEC §2.11 computes but does not display: completed projects (completionPercentage 100),
 * the average sales rate (mean salesPercentage, 0 without projects) and the employee count (only for admins, whose
 * user list is loaded).
 */
import type { Project, PublicUser } from "#domain/types.ts";

export interface DashboardHiddenStats {
  completedProjects: number;
  /** Mean salesPercentage over all projects, 0–100, rounded to a whole percent. */
  averageSalesRate: number;
  /** null when the user list was not requested (not an admin) or not loaded yet. */
  employeeCount: number | null;
}

/** Figures of SPEC §2.11 from the project list and (admins only) the user list; `users` undefined → employeeCount null. */
export function computeDashboardStats(
  projects: readonly Pick<Project, "completionPercentage" | "salesPercentage">[],
  users: readonly PublicUser[] | undefined,
): DashboardHiddenStats {
  const completedProjects = projects.filter((p) => p.completionPercentage === 100).length;
  const averageSalesRate =
    projects.length === 0 ? 0 : Math.round(projects.reduce((sum, p) => sum + p.salesPercentage, 0) / projects.length);
  return { completedProjects, averageSalesRate, employeeCount: users ? users.length : null };
}
