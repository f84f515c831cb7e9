import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ENTRANCE } from "#domain/constants.ts";
import { NonceContext } from "~/nonce.tsx";
import { ENTRANCE_PATH, ENTRANCE_STORAGE_KEY } from "./contract.ts";
import { entranceScript, startEntrance } from "./entrance.boot.ts";
import { enhanceEntrance } from "./entrance.island.ts";
import { EntranceAnimation } from "./entrance.tsx";

/** The server's markup of the overlay, as the home page has it. */
const serverMarkup = () => renderToStaticMarkup(createElement(EntranceAnimation));

describe("the entrance animation on a page served as islands (SPEC §1)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.sessionStorage.clear();
    document.documentElement.removeAttribute("data-entrance");
    document.documentElement.removeAttribute("data-entrance-at");
  });
  afterEach(() => vi.useRealTimers());

  const overlay = () => document.querySelector('[data-testid="entrance"]');

  it("ends the overlay at the SPEC's end time after the inline script started it", () => {
    startEntrance(ENTRANCE_STORAGE_KEY, ENTRANCE_PATH);
    document.body.innerHTML = serverMarkup();
    enhanceEntrance();
    expect(overlay()?.getAttribute("data-phase")).toBe("playing");
    vi.advanceTimersByTime(ENTRANCE.endMs - 100);
    expect(overlay()).not.toBeNull();
    vi.advanceTimersByTime(100);
    expect(overlay()).toBeNull();
    expect(document.documentElement.hasAttribute("data-entrance")).toBe(false);
  });

  it("ignores a click before the doors open; a click after ends it within the click time", () => {
    startEntrance(ENTRANCE_STORAGE_KEY, ENTRANCE_PATH);
    document.body.innerHTML = serverMarkup();
    enhanceEntrance();
    vi.advanceTimersByTime(ENTRANCE.doorsOpenMs - 100);
    document.body.click();
    expect(overlay()?.getAttribute("data-phase")).toBe("playing");
    vi.advanceTimersByTime(200);
    document.body.click();
    expect(overlay()?.getAttribute("data-phase")).toBe("closing");
    expect(overlay()?.classList.contains("entrance-closing")).toBe(true);
    vi.advanceTimersByTime(ENTRANCE.clickEndMs);
    expect(overlay()).toBeNull();
  });

  it("removes the overlay at once when the animation does not play (seen this session)", () => {
    window.sessionStorage.setItem(ENTRANCE_STORAGE_KEY, "1");
    startEntrance(ENTRANCE_STORAGE_KEY, ENTRANCE_PATH);
    document.body.innerHTML = serverMarkup();
    enhanceEntrance();
    expect(overlay()).toBeNull();
  });
});

describe("the entrance's inline script (SPEC §1, docs/decisions/055-entrance-on-the-home-page-only.md)", () => {
  afterEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, "", "/");
    document.documentElement.removeAttribute("data-entrance");
    document.documentElement.removeAttribute("data-entrance-at");
  });

  it("is in the server HTML with the response's nonce, before the overlay", () => {
    const html = renderToStaticMarkup(
      createElement(NonceContext.Provider, { value: "abc123" }, createElement(EntranceAnimation)),
    );
    const script = html.indexOf(`<script nonce="abc123">${entranceScript()}</script>`);
    expect(script).toBeGreaterThanOrEqual(0);
    expect(html.indexOf('data-testid="entrance"')).toBeGreaterThan(script);
  });

  it("runs from its text alone and plays on the home page only", () => {
    window.history.replaceState(null, "", "/campaign/x/offer");
    new Function(entranceScript())();
    expect(document.documentElement.hasAttribute("data-entrance")).toBe(false);
    window.history.replaceState(null, "", "/?utm_source=snapchat");
    new Function(entranceScript())();
    expect(document.documentElement.getAttribute("data-entrance")).toBe("play");
    expect(Number(document.documentElement.getAttribute("data-entrance-at"))).toBeGreaterThanOrEqual(0);
    expect(window.sessionStorage.getItem(ENTRANCE_STORAGE_KEY)).toBe("1");
  });
});
