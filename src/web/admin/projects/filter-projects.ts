import type { Project } from "#domain/types.ts";

/** The admin search of SPEC §2.12: by project name or city (case-insensitive, trimmed). */
export function filterProjects(projects: readonly Project[], search: string): Project[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...projects];
  return projects.filter((p) => p.name.toLowerCase().includes(q) || (p.city ?? "").toLowerCase().includes(q));
}
