/**
 * WhatsApp click-to-chat links of the public pages (docs/product.md §10.2): wa.me/<digits>?text=…, with an
 * Arabic greeting; on project and update pages the message names the project (and update) and carries the page
 * address, so the sales team knows what the visitor is looking at.
 */

export const WHATSAPP_GREETING = "السلام عليكم، أرغب في الاستفسار عن مشاريعكم.";

/** What the current page is about, when it is a project or an update page. */
export type WhatsAppSubject =
  | { kind: "project"; projectName: string }
  | { kind: "update"; updateTitle: string; projectName: string | null }
  | null;

/**
 * "مشروع <name>", unless the name already starts with the word (مشروع / المشروع, after spaces and tatweel), so a
 * project called "مشروع الساحل" reads "مشروع الساحل", never "مشروع مشروع الساحل".
 */
export function projectPhrase(name: string): string {
  const trimmed = name.trim();
  return /^(ال)?مشروع(\s|$)/u.test(trimmed.replace(/\u0640/gu, "")) ? trimmed : `مشروع ${trimmed}`;
}

/**
 * The prefilled message: the general greeting, or for a project/update page a greeting naming it followed by the
 * page's absolute URL on its own line.
 */
export function whatsappMessage(subject: WhatsAppSubject, pageUrl: string): string {
  if (!subject) return WHATSAPP_GREETING;
  if (subject.kind === "project") {
    return `السلام عليكم، أرغب في الاستفسار عن ${projectPhrase(subject.projectName)}\n${pageUrl}`;
  }
  const about = subject.projectName ? ` في ${projectPhrase(subject.projectName)}` : "";
  return `السلام عليكم، أرغب في الاستفسار عن تحديث «${subject.updateTitle}»${about}\n${pageUrl}`;
}

/** The wa.me link for a number given as digits with the country code (e.g. "966501234567") and a message. */
export function whatsappHref(numberDigits: string, text: string = WHATSAPP_GREETING): string {
  return `https://wa.me/${numberDigits.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Reads the subject from the deepest route match's loader data: `{ project }` on /project/:id, `{ update, project }`
 * on /update/:id; anything else → null.
 */
export function whatsappSubject(matches: readonly { loaderData?: unknown; data?: unknown }[]): WhatsAppSubject {
  const last = matches.at(-1);
  const data = last?.loaderData ?? last?.data;
  if (!isRecord(data)) return null;
  const project = isRecord(data.project) && typeof data.project.name === "string" ? data.project.name : null;
  if (isRecord(data.update) && typeof data.update.title === "string") {
    const fallback = typeof data.update.projectName === "string" ? data.update.projectName : null;
    return { kind: "update", updateTitle: data.update.title, projectName: project ?? fallback };
  }
  return project ? { kind: "project", projectName: project } : null;
}
