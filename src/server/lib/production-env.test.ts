import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * Starts a fresh Node process the way the compiled server starts (production-env first, then what the server bundle
 * loads from node_modules: react, react-dom/server, react-router) and lists the React files it executed.
 */
function reactFilesLoaded(env: NodeJS.ProcessEnv, args: string[] = []): string[] {
  const script = `
    await import(${JSON.stringify(path.join(root, "src/server/lib/production-env.ts"))});
    await import("react"); await import("react-dom/server"); await import("react-router");
    const { createRequire } = await import("node:module");
    const cache = createRequire(import.meta.url).cache;
    // Node's ESM loader also parses (without running) both CommonJS builds to learn their export names: only the
    // executed ones (loaded: true) count.
    const loaded = Object.keys(cache).filter((file) => cache[file].loaded && /[\\\\/]react(-dom)?[\\\\/]/.test(file));
    process.stdout.write(JSON.stringify(loaded));
  `;
  const result = spawnSync(
    process.execPath,
    ["--conditions=source", "--import", "tsx", "--input-type=module", "-e", script, "--", ...args],
    {
      cwd: root,
      env,
      encoding: "utf8",
    },
  );
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as string[];
}

describe("the server renders with React's production build", () => {
  const { NODE_ENV: _ignored, ...withoutNodeEnv } = process.env;

  it("loads no development build when NODE_ENV is unset or says development", () => {
    for (const env of [withoutNodeEnv, { ...withoutNodeEnv, NODE_ENV: "development" }]) {
      const files = reactFilesLoaded(env);
      expect(files.some((file) => file.endsWith(".production.js"))).toBe(true);
      expect(files.filter((file) => file.includes("development"))).toEqual([]);
    }
  });

  it("keeps the development build for --dev (Vite with hot reload)", () => {
    const files = reactFilesLoaded(withoutNodeEnv, ["--dev"]);
    expect(files.some((file) => file.endsWith(".development.js"))).toBe(true);
  });
});
