/**
 * The whole stylesheet on demand, for an island that puts markup on an islands page that the page's own CSS may not
 * cover (docs/decisions/047-page-css-and-font-on-later-views.md): an islands page carries only the rules of its own
 * markup (server/pages/critical-css.ts), and names the hashed stylesheet in `<style id="app-css" data-href>`. The staff
 * session banners and a contact form's answer from the server need it; the lightbox and the form's failure block do
 * not (their markup is in the page, in `<template>`s).
 */

/** The stylesheet's loading, per document. */
const loading = new WeakMap<Document, Promise<void>>();

/**
 * Adds `<link rel="stylesheet">` to the whole stylesheet once per page (or finds the one already there) and resolves
 * when it has loaded or failed (a failed stylesheet leaves the markup unstyled, never stuck). Resolves at once when
 * the page names no stylesheet (development, where the whole stylesheet is inline).
 */
export function wholeStylesheet(doc: Document = document): Promise<void> {
  const started = loading.get(doc);
  if (started) return started;
  const href = doc.getElementById("app-css")?.getAttribute("data-href");
  if (!href) return Promise.resolve();
  const present = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find(
    (link) => link.getAttribute("href") === href,
  );
  const done = new Promise<void>((resolve) => {
    if (present?.sheet) {
      resolve();
      return;
    }
    const link = present ?? doc.createElement("link");
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
    if (!present) {
      link.rel = "stylesheet";
      link.href = href;
      doc.head.append(link);
    }
  });
  loading.set(doc, done);
  return done;
}
