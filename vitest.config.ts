import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // `#domain/…` names src/domain under the "source" condition (package.json "imports"; docs/decisions/064).
  resolve: { tsconfigPaths: true, conditions: [...defaultClientConditions, "source"] },
  ssr: { resolve: { conditions: [...defaultServerConditions, "source"] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["src/boundaries.test.ts", "src/domain/**/*.test.ts", "src/server/lib/**/*.test.ts"],
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
