import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { enhanceGalleries } from "./gallery.island.ts";
import { ImageGallery, type ImageGalleryProps } from "./gallery.tsx";

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

/**
 * The gallery's server markup in the body, enhanced, and (unless `firstPhotoLoads` is false) its first photo loaded
 * as a browser reports it; returns the strip's `<ul>` (null without a strip).
 */
function mount(props: Partial<ImageGalleryProps> = {}, { firstPhotoLoads = true } = {}) {
  document.body.innerHTML = renderToStaticMarkup(createElement(ImageGallery, { images: IMAGES, name: NAME, ...props }));
  enhanceGalleries();
  if (firstPhotoLoads) firstPhoto()?.dispatchEvent(new Event("load"));
  return document.querySelector<HTMLElement>("ul");
}

/** The page's first photo (the hero's high-priority image), or null. */
const firstPhoto = () => document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');

/** The <img> elements of the strip in the page (none while its photos are deferred). */
const stripImages = () => [...document.querySelectorAll("ul img")];

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

describe("enhanceGalleries: the strip's photos wait for the first photo", () => {
  it("sends them unrequested inside <noscript>, each box marked, with sizes for a 240 px item on a phone", () => {
    const html = renderToStaticMarkup(createElement(ImageGallery, { images: IMAGES, name: NAME }));
    document.body.innerHTML = html;
    expect(stripImages()).toHaveLength(0);
    const boxes = document.querySelectorAll("ul [data-deferred-image]");
    expect(boxes).toHaveLength(4);
    for (const box of boxes)
      expect(box.querySelector("noscript")?.textContent).toContain('sizes="(min-width: 640px) 288px, 240px"');
    // Each photo's button is named while its <img> is not in the page.
    expect(screen.getByRole("button", { name: `صورة ٢ من ٥: ${NAME}` })).toHaveAttribute("data-deferred-image");
    // The hero is not deferred: it is the page's LCP image.
    expect(firstPhoto()?.getAttribute("loading")).toBe("eager");
  });

  it("reveals them once the first photo has loaded, the very <img> the server rendered for each", () => {
    mount({}, { firstPhotoLoads: false });
    expect(stripImages()).toHaveLength(0);
    firstPhoto()?.dispatchEvent(new Event("load"));
    const images = stripImages();
    expect(images.map((image) => image.getAttribute("alt"))).toEqual(
      ["٢", "٣", "٤", "٥"].map((n) => `صورة ${n} من ٥: ${NAME}`),
    );
    expect(images[0]?.getAttribute("src")).toBe("/media/images/22222222222222222222222222222222-960.webp");
    expect(images[0]?.getAttribute("loading")).toBe("lazy");
    expect(document.querySelectorAll("[data-deferred-image], ul noscript")).toHaveLength(0);
  });

  it("reveals them when the first photo fails to load too", () => {
    mount({}, { firstPhotoLoads: false });
    firstPhoto()?.dispatchEvent(new Event("error"));
    expect(stripImages()).toHaveLength(4);
  });

  it("reveals them at once when the page has no high-priority photo or it is already complete", () => {
    mount({ hero: false }, { firstPhotoLoads: false });
    expect(stripImages()).toHaveLength(5);

    document.body.innerHTML = renderToStaticMarkup(createElement(ImageGallery, { images: IMAGES, name: NAME }));
    Object.defineProperty(firstPhoto(), "complete", { configurable: true, get: () => true });
    enhanceGalleries();
    expect(stripImages()).toHaveLength(4);
  });

  it("opens a strip photo tapped before the first photo arrived, with its alt", async () => {
    const user = userEvent.setup();
    mount({}, { firstPhotoLoads: false });
    const boxes = document.querySelectorAll<HTMLElement>("ul [data-gallery-image]");
    await user.click(boxes[1] as HTMLElement);
    expect(shownImage()).toHaveAttribute("alt", `صورة ٣ من ٥: ${NAME}`);
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

  it("take their place on a phone before any measure when the strip has two photos or more", () => {
    const html = (images: string[]) =>
      renderToStaticMarkup(createElement(ImageGallery, { images, name: NAME, hero: false }));
    document.body.innerHTML = html(IMAGES.slice(0, 2));
    const controls = () => screen.getByRole("button", { name: "الصور التالية" }).parentElement!;
    expect(controls()).toHaveClass("flex", "sm:hidden");
    expect(screen.getByRole("button", { name: "الصور السابقة" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "الصور التالية" })).toBeEnabled();
    document.body.innerHTML = html(IMAGES.slice(0, 1));
    expect(controls()).toHaveClass("hidden");

    // Measured, the row follows the strip at every width.
    const strip = mount({ hero: false })!;
    layOut(strip, { scrollWidth: 900, clientWidth: 400 });
    window.dispatchEvent(new Event("resize"));
    expect(controls()).toHaveClass("flex");
    expect(controls()).not.toHaveClass("sm:hidden");
  });

  it("measure the strip at the browser's next layout (a ResizeObserver), not by forcing one while enhanced", () => {
    const observed: { callback: ResizeObserverCallback; element: Element }[] = [];
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe(element: Element) {
          observed.push({ callback: this.callback, element });
        }
        unobserve() {}
        disconnect() {}
      },
    );
    document.body.innerHTML = renderToStaticMarkup(createElement(ImageGallery, { images: IMAGES, name: NAME }));
    const strip = document.querySelector<HTMLElement>("[data-scroll-px]")!;
    const read = vi.fn(() => 400);
    Object.defineProperty(strip, "clientWidth", { configurable: true, get: read });
    Object.defineProperty(strip, "scrollWidth", { configurable: true, get: () => 1000 });
    enhanceGalleries(document);
    expect(read).not.toHaveBeenCalled();
    expect(observed.map((o) => o.element)).toEqual([strip]);
    observed[0].callback([], {} as ResizeObserver);
    expect(read).toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "الصور التالية" })).toBeEnabled();
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
