import { afterEach, describe, expect, it } from "vitest";
import { boxesMeet, enhanceFloatingButtons, MARGIN_PX } from "./floating.island.ts";

/** Gives `el` a fixed box (jsdom lays nothing out). */
function place(el: Element, box: { x: number; y: number; width: number; height: number }) {
  el.getBoundingClientRect = () => DOMRect.fromRect(box);
}

describe("floating buttons step aside over an enquiry form", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("boxes meet when they overlap or come within the margin", () => {
    const a = DOMRect.fromRect({ x: 16, y: 670, width: 56, height: 56 });
    expect(boxesMeet(a, DOMRect.fromRect({ x: 0, y: 600, width: 360, height: 100 }), 0)).toBe(true);
    expect(boxesMeet(a, DOMRect.fromRect({ x: 0, y: 730, width: 360, height: 100 }), MARGIN_PX)).toBe(true);
    expect(boxesMeet(a, DOMRect.fromRect({ x: 0, y: 730, width: 360, height: 100 }), 0)).toBe(false);
    expect(boxesMeet(a, DOMRect.fromRect({ x: 90, y: 600, width: 270, height: 200 }), MARGIN_PX)).toBe(false);
  });

  it("keeps clear of a GET form marked data-floating-clear (the calculator) as of a posting form", () => {
    document.body.innerHTML = `
      <form method="get" data-floating-clear=""><input name="salary"></form>
      <a data-floating="" href="https://wa.me/1">w</a>`;
    const [form] = document.querySelectorAll("form");
    const [whatsapp] = document.querySelectorAll("[data-floating]");
    place(whatsapp, { x: 16, y: 670, width: 56, height: 56 });
    place(form, { x: 0, y: 640, width: 360, height: 400 });
    enhanceFloatingButtons();
    expect((whatsapp as HTMLElement).style.visibility).toBe("hidden");
  });

  it("hides the buttons that meet a posting form, and shows them again once it has scrolled away", () => {
    document.body.innerHTML = `
      <form method="get" role="search"><input name="q"></form>
      <form method="post"><input name="phone"></form>
      <a data-floating="" href="https://wa.me/1">w</a>
      <nav data-floating=""><a href="#info">i</a></nav>`;
    const [search, form] = document.querySelectorAll("form");
    const [whatsapp, shortcuts] = document.querySelectorAll("[data-floating]");
    place(whatsapp, { x: 16, y: 670, width: 56, height: 56 });
    place(shortcuts, { x: 20, y: 550, width: 48, height: 48 });
    place(search, { x: 0, y: 500, width: 360, height: 300 });
    place(form, { x: 0, y: 640, width: 360, height: 400 });

    enhanceFloatingButtons();
    expect(whatsapp.hasAttribute("data-covering")).toBe(true);
    expect((whatsapp as HTMLElement).style.visibility).toBe("hidden");
    expect(shortcuts.hasAttribute("data-covering")).toBe(false);
    expect((shortcuts as HTMLElement).style.visibility).toBe("");

    place(form, { x: 0, y: 400, width: 360, height: 400 });
    window.dispatchEvent(new Event("scroll"));
    expect(whatsapp.hasAttribute("data-covering")).toBe(true);
    expect(shortcuts.hasAttribute("data-covering")).toBe(true);

    place(form, { x: 0, y: -900, width: 360, height: 400 });
    window.dispatchEvent(new Event("scroll"));
    expect(whatsapp.hasAttribute("data-covering")).toBe(false);
    expect((whatsapp as HTMLElement).style.visibility).toBe("");
    expect(shortcuts.hasAttribute("data-covering")).toBe(false);
  });

  it("enhances each button once and does nothing on a page without floating buttons", () => {
    document.body.innerHTML = `<form method="post"></form>`;
    expect(() => enhanceFloatingButtons()).not.toThrow();
    document.body.innerHTML = `<form method="post"></form><a data-floating="" href="#"></a>`;
    enhanceFloatingButtons();
    expect(document.querySelector("[data-floating]")?.hasAttribute("data-enhanced")).toBe(true);
  });
});
