/**
 * Stand-in React Router builds for the page-delivery tests (src/server/pages/plugin.ts reads
 * `<root>/build/server/index.js` and serves `<root>/build/client`): a test writes its own server bundle (an `entry`
 * whose default export renders, and `routes`) and these helpers add the rest a build exports and write it to disk.
 */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** The build's exports besides `entry` and `routes` (one root route; `rootHasLoader` as the bundle's root has). */
export function buildExports(options: { rootHasLoader?: boolean } = {}): string {
  const root = {
    id: "root",
    module: "/root.js",
    hasLoader: options.rootHasLoader ?? false,
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    imports: [],
  };
  const assets = { entry: { imports: [], module: "/entry.js" }, routes: { root }, url: "/manifest.js", version: "1" };
  return `export const assets = ${JSON.stringify(assets)};
export const publicPath = "/";
export const assetsBuildDirectory = "build/client";
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: "initial" };
export const basename = "/";
`;
}

/** Writes `bundle` as build/server/index.js of a new temporary folder named `prefix…` with an empty build/client. */
export async function writeStandInBuild(prefix: string, bundle: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), prefix));
  await mkdir(path.join(root, "build", "server"), { recursive: true });
  await mkdir(path.join(root, "build", "client"), { recursive: true });
  await writeFile(path.join(root, "build", "server", "index.js"), bundle);
  return root;
}
