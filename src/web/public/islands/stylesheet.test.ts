import { afterEach, describe, expect, it } from "vitest";
import { wholeStylesheet } from "./stylesheet.ts";

const HREF = "/assets/app-TEST.css";

/** A fresh document naming the whole stylesheet as an islands page does (server/pages/critical-css.ts). */
function islandsDocument(): Document {
  const doc = document.implementation.createHTMLDocument("صفحة");
  doc.head.innerHTML = `<style id="app-css" data-href="${HREF}">.first{color:red}</style>`;
  return doc;
}

const links = (doc: Document) => [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];

afterEach(() => {
  document.head.innerHTML = "";
});

describe("wholeStylesheet", () => {
  it("adds the stylesheet the page names once, and resolves when it has loaded", async () => {
    const doc = islandsDocument();
    let done = false;
    const first = wholeStylesheet(doc).then(() => {
      done = true;
    });
    const second = wholeStylesheet(doc);
    expect(links(doc).map((link) => link.getAttribute("href"))).toEqual([HREF]);
    await Promise.resolve();
    expect(done).toBe(false);
    links(doc)[0]?.dispatchEvent(new Event("load"));
    await Promise.all([first, second]);
    expect(done).toBe(true);
    expect(links(doc)).toHaveLength(1);
  });

  it("resolves when the stylesheet fails (the markup then stays unstyled, never stuck)", async () => {
    const doc = islandsDocument();
    const loading = wholeStylesheet(doc);
    links(doc)[0]?.dispatchEvent(new Event("error"));
    await expect(loading).resolves.toBeUndefined();
  });

  it("waits for a link already in the page instead of adding another", async () => {
    const doc = islandsDocument();
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = HREF;
    doc.head.append(link);
    const loading = wholeStylesheet(doc);
    expect(links(doc)).toHaveLength(1);
    link.dispatchEvent(new Event("load"));
    await expect(loading).resolves.toBeUndefined();
  });

  it("resolves at once for a page that names no stylesheet (development inlines it whole)", async () => {
    const doc = document.implementation.createHTMLDocument("صفحة");
    await expect(wholeStylesheet(doc)).resolves.toBeUndefined();
    expect(links(doc)).toHaveLength(0);
  });
});
