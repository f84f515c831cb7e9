import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SIGNED_IN_COOKIE_HINT, STORED_USER_KEY_HINT } from "~/shared/session/staff-session-hint.ts";
import { enhanceSessionBanners, staffSessionHinted } from "./session-banners.island.ts";
import { SessionBannersSlot } from "./session-banners.tsx";

const mountSessionBanners = vi.hoisted(() => vi.fn());
vi.mock("./session-banners-root.tsx", () => ({ mountSessionBanners }));

/** The layout's container of the banners, as the server renders it. */
const slot = () => renderToStaticMarkup(createElement(SessionBannersSlot));

describe("the staff session banners (SPEC §2.2, §4.1): loaded only on a sign of a staff session, the marker cookie read without a synchronous cookie read", () => {
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

  it("loads the session banners only for a browser that remembers a staff user", async () => {
    window.localStorage.clear();
    document.body.innerHTML = slot();
    enhanceSessionBanners();
    await Promise.resolve();
    expect(mountSessionBanners).not.toHaveBeenCalled();

    window.localStorage.setItem(STORED_USER_KEY_HINT, JSON.stringify({ id: "u1" }));
    document.body.innerHTML = slot();
    enhanceSessionBanners();
    await vi.waitFor(() => expect(mountSessionBanners).toHaveBeenCalledTimes(1));
    expect(mountSessionBanners).toHaveBeenCalledWith(document.body.firstElementChild);
    window.localStorage.clear();
  });

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
    document.body.innerHTML = slot();
    enhanceSessionBanners();
    await vi.waitFor(() => expect(mountSessionBanners).toHaveBeenCalledTimes(1));
  });
});
