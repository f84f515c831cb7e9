import { ListTree } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { enhanceShortcuts } from "./shortcuts.island.ts";
import { FloatingShortcuts } from "./shortcuts.tsx";

describe("the phone's page shortcuts (SPEC §2.6, §2.7)", () => {
  it("closes the phone's shortcut list once a shortcut is picked", () => {
    document.body.innerHTML = renderToStaticMarkup(
      createElement(FloatingShortcuts, { items: [{ target: "units", label: "الوحدات", Icon: ListTree }] }),
    );
    enhanceShortcuts();
    const details = document.querySelector("details");
    if (!details) throw new Error("no <details> in the shortcuts' markup");
    details.open = true;
    details.querySelector("a")?.click();
    expect(details.open).toBe(false);
  });
});
