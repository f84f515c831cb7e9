import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ImageGallery, type ImageGalleryProps } from "~/public/components/image-gallery.tsx";
import { enhanceGalleries } from "./gallery.ts";

const IMAGES = [1, 2, 3, 4, 5].map((n) => `/media/images/${String(n).repeat(32)}.webp`);
const NAME = "أبراج الشاطئ";

/**
 * jsdom 31 has no showModal()/close(). The stand-in does what the islands rely on from browsers: open/close, focus
 * moved into the dialog (Chrome focuses its first focusable element), Escape fires a cancelable "cancel" and then
 * closes, and "close" is fired. It does not restore focus on close, like Safari after a tap that did not focus the
 * button, so the tests see the island's own focus return.
 */
beforeAll(() => {
  if (typeof HTMLDialogElement.prototype.showModal === "function") return;
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
    this.querySelector<HTMLElement>("button, [tabindex]")?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event("close"));
  };
  document.addEventListener("keydown", (event) => {
    const dialog = document.querySelector("dialog[open]");
    if (event.key !== "Escape" || !(dialog instanceof HTMLDialogElement)) return;
    if (dialog.dispatchEvent(new Event("cancel", { cancelable: true }))) dialog.close();
  });
});

/** The gallery's server markup in the body, enhanced; returns the strip's `<ul>` (null without a strip). */
function mount(props: Partial<ImageGalleryProps> = {}) {
  document.body.innerHTML = renderToStaticMarkup(createElement(ImageGallery, { images: IMAGES, name: NAME, ...props }));
  enhanceGalleries();
  return document.querySelector<HTMLElement>("ul");
}

/** Gives the strip a layout (jsdom has none): its widths, a settable scrollLeft and a recorded scrollBy. */
function layOut(strip: HTMLElement, { scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  let scrollLeft = 0;
  Object.defineProperties(strip, {
    scrollWidth: { configurable: true, get: () => scrollWidth },
    clientWidth: { configurable: true, get: () => clientWidth },
    scrollLeft: { configurable: true, get: () => scrollLeft, set: (v: number) => (scrollLeft = v) },
  });
  const scrollBy = vi.fn();
  strip.scrollBy = scrollBy;
  return {
    scrollBy,
    scrollTo(left: number) {
      scrollLeft = left;
      strip.dispatchEvent(new Event("scroll"));
    },
  };
}

const lightbox = () => screen.getByRole("dialog", { name: "عارض الصور" });
const shownImage = () => within(lightbox()).getByRole("img");
const counterText = () => within(lightbox()).getByText(/^[٠-٩]+ من [٠-٩]+$/).textContent;

beforeEach(() => {
  document.documentElement.dir = "rtl";
});
afterEach(() => {
  document.documentElement.removeAttribute("dir");
  Reflect.deleteProperty(window, "matchMedia");
});

describe("enhanceGalleries: the lightbox (SPEC §2.6)", () => {
  it("opens from the hero image on that image, full size, with its alt and counter", async () => {
    const user = userEvent.setup();
    mount();
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: /^صورة ١ من ٥/ }));
    expect(shownImage()).toHaveAttribute("alt", `صورة ١ من ٥: ${NAME}`);
    expect(shownImage()).toHaveAttribute("src", IMAGES[0].replace(".webp", "-1920.webp"));
    expect(counterText()).toBe("١ من ٥");
  });

  it("opens from a strip image on that image", async () => {
    const user = userEvent.setup();
    mount();
    await user.click(screen.getByRole("button", { name: /^صورة ٣ من ٥/ }));
    expect(shownImage()).toHaveAttribute("alt", `صورة ٣ من ٥: ${NAME}`);
    expect(shownImage()).toHaveAttribute("src", IMAGES[2].replace(".webp", "-1920.webp"));
    expect(counterText()).toBe("٣ من ٥");
  });

  it("opens from the first strip image of a gallery without a hero", async () => {
    const user = userEvent.setup();
    mount({ images: IMAGES.slice(0, 3), hero: false });
    await user.click(screen.getByRole("button", { name: /^صورة ١ من ٣/ }));
    expect(shownImage()).toHaveAttribute("alt", `صورة ١ من ٣: ${NAME}`);
    expect(counterText()).toBe("١ من ٣");
  });

  it("moves with its previous/next buttons and wraps around both ways", async () => {
    const user = userEvent.setup();
    mount();
    await user.click(screen.getByRole("button", { name: /^صورة ١ من ٥/ }));
    await user.click(within(lightbox()).getByRole("button", { name: "الصورة السابقة" }));
    expect(counterText()).toBe("٥ من ٥");
    expect(shownImage()).toHaveAttribute("alt", `صورة ٥ من ٥: ${NAME}`);
    await user.click(within(lightbox()).getByRole("button", { name: "الصورة التالية" }));
    expect(counterText()).toBe("١ من ٥");
    await user.click(within(lightbox()).getByRole("button", { name: "الصورة التالية" }));
    expect(shownImage()).toHaveAttribute("alt", `صورة ٢ من ٥: ${NAME}`);
  });

  it("moves with the arrow keys the RTL way (ArrowLeft is next) and wraps around", async () => {
    const user = userEvent.setup();
    mount();
    await user.click(screen.getByRole("button", { name: /^صورة ٥ من ٥/ }));
    await user.keyboard("{ArrowLeft}");
    expect(counterText()).toBe("١ من ٥");
    await user.keyboard("{ArrowLeft}");
    expect(counterText()).toBe("٢ من ٥");
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}");
    expect(counterText()).toBe("٤ من ٥");
    expect(shownImage()).toHaveAttribute("alt", `صورة ٤ من ٥: ${NAME}`);
  });

  it("moves with a horizontal swipe: to the right is next in RTL", () => {
    mount();
    screen.getByRole("button", { name: /^صورة ١ من ٥/ }).click();
    const swipe = (fromX: number, toX: number) => {
      const stage = shownImage().parentElement!;
      stage.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, pointerType: "touch", clientX: fromX }));
      stage.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, pointerType: "touch", clientX: toX }));
    };
    swipe(100, 220);
    expect(counterText()).toBe("٢ من ٥");
    swipe(220, 100);
    swipe(220, 100);
    expect(counterText()).toBe("٥ من ٥");
    swipe(100, 120); // too short to be a swipe
    expect(counterText()).toBe("٥ من ٥");
  });

  it("preloads the images before and after the one shown", async () => {
    const user = userEvent.setup();
    mount();
    const setSrc = vi.spyOn(HTMLImageElement.prototype, "src", "set");
    await user.click(screen.getByRole("button", { name: /^صورة ١ من ٥/ }));
    const preloaded = () =>
      setSrc.mock.calls.filter((_, i) => !(setSrc.mock.contexts[i] as HTMLImageElement).isConnected).map(([s]) => s);
    expect(preloaded()).toEqual(
      expect.arrayContaining([IMAGES[1], IMAGES[4]].map((s) => s.replace(".webp", "-1920.webp"))),
    );
    await user.keyboard("{ArrowLeft}");
    expect(preloaded()).toContain(IMAGES[2].replace(".webp", "-1920.webp"));
  });

  it("closes on Escape and gives the focus back to the image that opened it", async () => {
    const user = userEvent.setup();
    mount();
    const opener = screen.getByRole("button", { name: /^صورة ٣ من ٥/ });
    await user.click(opener);
    expect(lightbox()).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
  });

  it("closes with its close button, then reopens on the image clicked next", async () => {
    const user = userEvent.setup();
    mount();
    const opener = screen.getByRole("button", { name: /^صورة ١ من ٥/ });
    await user.click(opener);
    await user.click(within(lightbox()).getByRole("button", { name: "إغلاق" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
    await user.click(screen.getByRole("button", { name: /^صورة ٤ من ٥/ }));
    expect(counterText()).toBe("٤ من ٥");
    expect(document.querySelectorAll("dialog")).toHaveLength(1);
  });

  it("closes on a click outside the image and the controls, not on the image", async () => {
    const user = userEvent.setup();
    mount();
    await user.click(screen.getByRole("button", { name: /^صورة ٢ من ٥/ }));
    await user.click(shownImage());
    expect(lightbox()).toBeInTheDocument();
    await user.click(shownImage().parentElement!);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("is enhanced once however often the enhancer runs", async () => {
    const user = userEvent.setup();
    mount();
    enhanceGalleries();
    await user.click(screen.getByRole("button", { name: /^صورة ١ من ٥/ }));
    expect(document.querySelectorAll("dialog")).toHaveLength(1);
    await user.click(within(lightbox()).getByRole("button", { name: "الصورة التالية" }));
    expect(counterText()).toBe("٢ من ٥");
  });

  it("does not throw on a page without galleries or with an empty one", () => {
    document.body.innerHTML = '<div data-island="gallery"></div>';
    expect(() => enhanceGalleries()).not.toThrow();
    expect(() => enhanceGalleries(document.createElement("div"))).not.toThrow();
  });
});

describe("enhanceGalleries: the strip buttons", () => {
  it("scroll the strip by the step toward negative scrollLeft for next, and are disabled at their end", async () => {
    const user = userEvent.setup();
    const strip = mount()!;
    const layout = layOut(strip, { scrollWidth: 1000, clientWidth: 400 });
    window.dispatchEvent(new Event("resize"));
    const previous = screen.getByRole("button", { name: "الصور السابقة" });
    const next = screen.getByRole("button", { name: "الصور التالية" });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    expect(layout.scrollBy).toHaveBeenLastCalledWith({ left: -320, behavior: "smooth" });
    layout.scrollTo(-320);
    expect(previous).toBeEnabled();
    expect(next).toBeEnabled();
    layout.scrollTo(-600);
    expect(next).toBeDisabled();

    await user.click(previous);
    expect(layout.scrollBy).toHaveBeenLastCalledWith({ left: 320, behavior: "smooth" });
    expect(layout.scrollBy).toHaveBeenCalledTimes(2);
  });

  it("scroll without smoothing when the visitor prefers reduced motion", async () => {
    Object.defineProperty(window, "matchMedia", {
      configurable: true,
      value: (query: string) => ({ matches: query === "(prefers-reduced-motion: reduce)" }),
    });
    const user = userEvent.setup();
    const strip = mount()!;
    const layout = layOut(strip, { scrollWidth: 1000, clientWidth: 400 });
    window.dispatchEvent(new Event("resize"));
    await user.click(screen.getByRole("button", { name: "الصور التالية" }));
    expect(layout.scrollBy).toHaveBeenLastCalledWith({ left: -320, behavior: "auto" });
  });

  it("are hidden while the strip does not overflow and shown once it does", () => {
    const strip = mount()!;
    const controls = screen.getByRole("button", { name: "الصور التالية" }).parentElement!;
    layOut(strip, { scrollWidth: 400, clientWidth: 400 });
    window.dispatchEvent(new Event("resize"));
    expect(controls).toHaveClass("hidden");
    expect(controls).not.toHaveClass("flex");

    layOut(strip, { scrollWidth: 900, clientWidth: 400 });
    window.dispatchEvent(new Event("resize"));
    expect(controls).not.toHaveClass("hidden");
    expect(controls).toHaveClass("flex");
  });
});
