/**
 * The element a location hash names (SPEC §2.1 hash scrolling), for hash-scroll.island.ts; no dependency.
 */

/** The element `hash` names (`#projects` → #projects, percent-decoded), or null for an empty or unknown hash. */
export function hashTarget(hash: string, doc: Pick<Document, "getElementById"> = document): HTMLElement | null {
  const raw = hash.replace(/^#/, "");
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // A malformed escape (`#%E0`) names the element with that literal id, if any.
  }
  return id ? doc.getElementById(id) : null;
}
