/**
 * A stand-in IntersectionObserver for jsdom (which has none), installed for every web test by setup.ts: nothing
 * intersects until a test says so with `mockIsIntersecting(element, true)`; `intersectionMockInstance(element)` is the
 * observer watching `element` (its `rootMargin` as given), and throws when none does.
 */
import { vi } from "vitest";

class MockIntersectionObserver implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin: string;
  readonly thresholds: readonly number[];
  readonly scrollMargin = "0px";
  readonly elements = new Set<Element>();

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit = {},
  ) {
    this.rootMargin = options.rootMargin ?? "0px";
    const threshold = options.threshold ?? 0;
    this.thresholds = Array.isArray(threshold) ? threshold : [threshold];
    observers.add(this);
  }
  observe(element: Element): void {
    this.elements.add(element);
  }
  unobserve(element: Element): void {
    this.elements.delete(element);
  }
  disconnect(): void {
    this.elements.clear();
    observers.delete(this);
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** Calls back with one entry for `element`. */
  trigger(element: Element, isIntersecting: boolean): void {
    const box = element.getBoundingClientRect();
    const entry: IntersectionObserverEntry = {
      boundingClientRect: box,
      intersectionRatio: isIntersecting ? 1 : 0,
      intersectionRect: box,
      isIntersecting,
      rootBounds: null,
      target: element,
      time: performance.now(),
    };
    this.callback([entry], this);
  }
}

const observers = new Set<MockIntersectionObserver>();

/** Installs the stand-in on `window` (setup.ts, before each test). */
export function setupIntersectionMocking(): void {
  observers.clear();
  vi.stubGlobal("IntersectionObserver", MockIntersectionObserver);
}

/** The observer watching `element`; throws when none does. */
export function intersectionMockInstance(element: Element): IntersectionObserver {
  for (const observer of observers) if (observer.elements.has(element)) return observer;
  throw new Error("no IntersectionObserver watches this element");
}

/** Tells every observer watching `element` that it now does (or does not) intersect. */
export function mockIsIntersecting(element: Element, isIntersecting: boolean): void {
  for (const observer of [...observers]) if (observer.elements.has(element)) observer.trigger(element, isIntersecting);
}
