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
} satisfies Config;
