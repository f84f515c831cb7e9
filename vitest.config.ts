import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = fileURLToPath(new URL("./src/", import.meta.url));

export default defineConfig({
  // `#domain/…` names src/domain under the "source" condition (package.json "imports"; docs/decisions/064-domain-imports-in-the-compiled-server.md). Vitest
  // adds its own defaults to these lists (Vite's server conditions without "module") and passes the SSR list to its
  // worker processes as --conditions, so Node-loaded modules and the inspector's worker thread see it too.
  // The API project's global setup is loaded by Vitest's own runner, which does not apply these conditions: without the
  // aliases it resolved `#domain/…` to dist/ (absent on a fresh clone, or stale after a build).
  resolve: {
    tsconfigPaths: true,
    conditions: ["source"],
    alias: [
      { find: /^#domain\/(.*)$/, replacement: `${src}domain/$1` },
      { find: /^#server\/(.*)$/, replacement: `${src}server/$1` },
    ],
  },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: [
            "src/boundaries.test.ts",
            "src/docs-pointers.test.ts",
            "src/domain/**/*.test.ts",
            "src/server/lib/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          environment: "node",
          include: ["src/server/**/*.test.ts"],
          exclude: ["src/server/lib/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ["src/server/test-utils/global-setup.ts"],
          setupFiles: ["src/server/test-utils/setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          include: ["src/web/**/*.test.tsx", "src/web/**/*.test.ts"],
          setupFiles: ["src/web/test-utils/setup.ts"],
        },
      },
    ],
  },
});
