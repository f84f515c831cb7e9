import { describe, expect, it } from "vitest";
import { deferHydration } from "./deferred-hydration.ts";

/** The shape React Router 8's <Scripts> renders (manifest inline, fog of war), trimmed. */
const PAGE = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/framework-B.js"/><style>p{}</style></head><body><p>مرحبا</p><script>window.__reactRouterContext = {};</script><script type="module" async="">import * as route0 from "/assets/root-C.js";
import * as route1_clientLoader from "/assets/home-client-loader-D.js";
import * as route1_main from "/assets/home-E.js";
const route1 = {...route1_clientLoader,...route1_main};
  window.__reactRouterManifest = {"url": "/assets/manifest-F.js"};
  window.__reactRouterRouteModules = {"root":route0,"home":route1};

import("/assets/entry.client-A.js");</script></body></html>`;

describe("hydration after the first paint", () => {
  it("drops module preloads and imports the route modules only after load or a first interaction", () => {
    const html = deferHydration(PAGE);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toMatch(/^\s*import\s/m);
    expect(html).toContain(
      'Promise.all([import("/assets/root-C.js"),import("/assets/home-client-loader-D.js"),import("/assets/home-E.js")]).then(([route0,route1_clientLoader,route1_main])=>',
    );
    expect(html).toContain('addEventListener("load",start');
    expect(html).toContain("<p>مرحبا</p>");
  });

  it("keeps the response's CSP nonce on the rewritten script (React Router writes it first)", () => {
    const withNonce = PAGE.replaceAll("<script", '<script nonce="n0nce=="');
    const html = deferHydration(withNonce);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<script nonce="n0nce==" type="module" async="">let started=false;');
    expect(html).not.toMatch(/^\s*import\s/m);
  });

  it("runs the deferred script: nothing is imported before load, then the route modules and the entry are", async () => {
    const code = /<script type="module" async="">([^<]*)<\/script>/.exec(deferHydration(PAGE))?.[1] ?? "";
    const imported: string[] = [];
    const listeners = new Map<string, () => void>();
    const fakeWindow = {} as Record<string, unknown>;
    const run = new Function(
      "document",
      "addEventListener",
      "window",
      "__import",
      code.replaceAll("import(", "__import("),
    );
    run(
      { readyState: "interactive" },
      (type: string, listener: () => void) => listeners.set(type, listener),
      fakeWindow,
      async (specifier: string) => {
        imported.push(specifier);
        return { specifier };
      },
    );
    expect(imported).toEqual([]);
    listeners.get("load")?.();
    listeners.get("pointerdown")?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(imported).toEqual([
      "/assets/root-C.js",
      "/assets/home-client-loader-D.js",
      "/assets/home-E.js",
      "/assets/entry.client-A.js",
    ]);
    expect(Object.keys(fakeWindow.__reactRouterRouteModules as object)).toEqual(["root", "home"]);
  });

  it("leaves a page without React Router's route-modules script unchanged", () => {
    const other = '<html><head><link rel="modulepreload" href="/x.js"/></head><body></body></html>';
    expect(deferHydration(other)).toBe(other);
  });
});
