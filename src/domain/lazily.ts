/**
 * `lazily(make)` → a function that calls `make` once, on its first call, and answers the same value after. For the
 * `Intl` formatters of the shared domain: building one loads the locale's ICU data (the Hijri calendar's too), about
 * 2 ms each on a phone's CPU, so a module that builds eight at load spends that in the island's first task even when
 * the page formats nothing (docs/performance/web.md, "Total blocking time").
 */
export function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
