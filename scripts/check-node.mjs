/**
 * Stops `npm start` and `npm test` early, with a clear message, on a Node the project does not support
 * (package.json "engines": ^22.22.2 || ^24.15.0 || >=26 — the floors of React Router 8 and jsdom 31; see
 * docs/decisions/016-node-lts-and-dependency-pins.md). Older Nodes otherwise fail later with unrelated-looking errors
 * (unknown syntax, a crashed test worker).
 * Usage: node scripts/check-node.mjs   (exit 0 when supported, 1 with a message on stderr otherwise)
 * Written for any Node ≥ 12 so that it can itself run on the old version it refuses.
 */
const [major, minor, patch] = process.versions.node.split(".").map(Number);
const atLeast = (m, p) => minor > m || (minor === m && patch >= p);
const supported = (major === 22 && atLeast(22, 2)) || (major === 24 && atLeast(15, 0)) || major >= 26;

if (!supported) {
  process.stderr.write(
    [
      "",
      `  This project needs Node 22 (22.22.2 or later) or Node 24 (24.15 or later); this is Node ${process.versions.node}.`,
      "  Node 20 reached its end of life on 2026-04-30. Without a system package, the npm registry's `node` package",
      "  brings a real binary:",
      "    npm install --prefix /opt/node22 --no-audit --no-fund node@22.23.3",
      "    export PATH=/opt/node22/node_modules/node/bin:$PATH",
      "  then run `npm ci` again (native modules are installed per Node version).",
      "",
    ].join("\n"),
  );
  process.exit(1);
}
