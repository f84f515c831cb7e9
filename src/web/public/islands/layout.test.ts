import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ENTRANCE } from "#domain/constants.ts";
import { servedAsIslands } from "~/islands-entry.tsx";
import { EntranceAnimation } from "~/public/components/entrance-animation.tsx";
import { NotFoundBlock } from "~/public/components/not-found-block.tsx";
import { ENTRANCE_PATH, ENTRANCE_STORAGE_KEY, startEntrance } from "~/public/lib/entrance.ts";
import { SIGNED_IN_COOKIE_HINT, STORED_USER_KEY_HINT } from "~/shared/session/staff-session-hint.ts";
import {
  enhanceCampaignVisit,
  enhanceEntrance,
  enhanceHistoryBack,
  enhanceSessionBanners,
  enhanceShortcuts,
  staffSessionHinted,
} from "./layout.ts";

const mountSessionBanners = vi.hoisted(() => vi.fn());
vi.mock("./session-banners.tsx", () => ({ mountSessionBanners }));

/** The server's markup of `element` inside a router, as a page served as islands has it. */
function serverMarkup(element: React.ReactElement): string {
  return renderToStaticMarkup(createElement(MemoryRouter, null, element));
}

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
    document.body.innerHTML = serverMarkup(createElement(EntranceAnimation));
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
    document.body.innerHTML = serverMarkup(createElement(EntranceAnimation));
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
    document.body.innerHTML = serverMarkup(createElement(EntranceAnimation));
    enhanceEntrance();
    expect(overlay()).toBeNull();
  });
});

describe("the small islands of the public layout", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("counts a campaign visit once with one GET, and none without the marker", async () => {
    const fetch = vi.fn(async () => new Response("{}"));
    vi.stubGlobal("fetch", fetch);
    document.body.innerHTML = '<span hidden data-island="campaign-visit" data-visit-url="/api/campaign/summer"></span>';
    enhanceCampaignVisit();
    enhanceCampaignVisit();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/api/campaign/summer");
    document.body.innerHTML = "<main></main>";
    enhanceCampaignVisit();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("sends the not-found page's back button back in history", () => {
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    document.body.innerHTML = serverMarkup(createElement(NotFoundBlock));
    enhanceHistoryBack();
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("الصفحة السابقة"));
    button?.click();
    expect(back).toHaveBeenCalledTimes(1);
  });

  it("closes the phone's shortcut list once a shortcut is picked", () => {
    document.body.innerHTML =
      '<details data-island="shortcuts" open><summary>اختصارات</summary><a href="#units">الوحدات</a></details>';
    enhanceShortcuts();
    const details = document.querySelector("details");
    document.querySelector("summary")?.click();
    details?.setAttribute("open", "");
    document.querySelector("a")?.click();
    expect(details?.open).toBe(false);
  });

  it("loads the session banners only for a browser that remembers a staff user", async () => {
    window.localStorage.clear();
    document.body.innerHTML = '<div data-island="session-banners"></div>';
    enhanceSessionBanners();
    await Promise.resolve();
    expect(mountSessionBanners).not.toHaveBeenCalled();

    window.localStorage.setItem(STORED_USER_KEY_HINT, JSON.stringify({ id: "u1" }));
    document.body.innerHTML = '<div data-island="session-banners"></div>';
    enhanceSessionBanners();
    await vi.waitFor(() => expect(mountSessionBanners).toHaveBeenCalledTimes(1));
    expect(mountSessionBanners).toHaveBeenCalledWith(document.querySelector('[data-island="session-banners"]'));
    window.localStorage.clear();
  });
});

describe("staffSessionHinted: the marker cookie without a synchronous cookie read", () => {
  const cookieGetter = vi.fn(() => "");

  beforeEach(() => {
    window.localStorage.clear();
    mountSessionBanners.mockClear();
  });

  afterEach(() => {
    Reflect.deleteProperty(window, "cookieStore");
    Reflect.deleteProperty(document, "cookie");
    cookieGetter.mockClear();
  });

  /** Installs a cookie store holding `cookies` (name → value), or one whose reads reject. */
  function installCookieStore(cookies: Record<string, string> | "rejects") {
    const get = vi.fn(async (name: string) => {
      if (cookies === "rejects") throw new DOMException("refused", "SecurityError");
      return name in cookies ? { name, value: cookies[name] } : null;
    });
    Object.defineProperty(window, "cookieStore", { configurable: true, value: { get } });
    return get;
  }

  /** Makes `document.cookie` answer `value` and counts its reads. */
  function spyOnDocumentCookie(value: string) {
    cookieGetter.mockReturnValue(value);
    Object.defineProperty(document, "cookie", { configurable: true, get: cookieGetter });
  }

  it("asks the cookie store, never document.cookie, where the browser has one", async () => {
    const get = installCookieStore({ [SIGNED_IN_COOKIE_HINT]: "1" });
    spyOnDocumentCookie(`${SIGNED_IN_COOKIE_HINT}=1`);
    await expect(staffSessionHinted()).resolves.toBe(true);
    expect(get).toHaveBeenCalledWith(SIGNED_IN_COOKIE_HINT);
    expect(cookieGetter).not.toHaveBeenCalled();

    installCookieStore({ other: "1" });
    await expect(staffSessionHinted()).resolves.toBe(false);
    expect(cookieGetter).not.toHaveBeenCalled();
  });

  it("reads document.cookie without a cookie store, or when the store refuses", async () => {
    spyOnDocumentCookie(`theme=dark; ${SIGNED_IN_COOKIE_HINT}=1`);
    await expect(staffSessionHinted()).resolves.toBe(true);
    expect(cookieGetter).toHaveBeenCalledTimes(1);

    installCookieStore("rejects");
    await expect(staffSessionHinted()).resolves.toBe(true);
    expect(cookieGetter).toHaveBeenCalledTimes(2);

    spyOnDocumentCookie("theme=dark");
    await expect(staffSessionHinted()).resolves.toBe(false);
  });

  it("trusts the stored user without reading any cookie", async () => {
    const get = installCookieStore({});
    spyOnDocumentCookie("");
    window.localStorage.setItem(STORED_USER_KEY_HINT, JSON.stringify({ id: "u1" }));
    await expect(staffSessionHinted()).resolves.toBe(true);
    expect(get).not.toHaveBeenCalled();
    expect(cookieGetter).not.toHaveBeenCalled();
  });

  it("loads the banners for the marker cookie the cookie store holds", async () => {
    installCookieStore({ [SIGNED_IN_COOKIE_HINT]: "1" });
    document.body.innerHTML = '<div data-island="session-banners"></div>';
    enhanceSessionBanners();
    await vi.waitFor(() => expect(mountSessionBanners).toHaveBeenCalledTimes(1));
  });
});

describe("servedAsIslands", () => {
  it("lets the deepest route that says so decide", () => {
    expect(servedAsIslands([{ handle: undefined }, { handle: { islands: true } }])).toBe(true);
    expect(servedAsIslands([{ handle: { islands: true } }, { handle: { islands: false } }])).toBe(false);
    expect(servedAsIslands([{ handle: undefined }, { handle: {} }])).toBe(false);
  });
});
