import type { Config } from "@react-router/dev/config";

/**
 * React Router 8 framework mode. Middleware, split route modules (`splitRouteModules`, default true), the Vite
 * Environment API, pass-through requests and trailing-slash-aware data requests are v8 defaults, so the v7
 * `future.v8_*` flags are gone (v8 rejects them).
 */
export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: true,
  // The whole route manifest (3.3 KB brotli, immutable) arrives with the page's modules after load, instead of a
  // GET /__manifest per page view from every rendered <Link> during hydration (≈ 10 ms of the main thread on a
  // 2-core machine, ≈ 45 ms under Lighthouse's 4× slowdown, and one server request): docs/performance/web.md.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
