import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NotFoundBlock } from "~/public/components/not-found-block.tsx";
import { enhanceHistoryBack } from "./history-back.island.ts";

describe("the not-found page's back button (SPEC §2.10)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends the not-found page's back button back in history, once however often the island runs", () => {
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    document.body.innerHTML = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(NotFoundBlock)));
    enhanceHistoryBack();
    enhanceHistoryBack();
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("الصفحة السابقة"));
    button?.click();
    expect(back).toHaveBeenCalledTimes(1);
  });
});
