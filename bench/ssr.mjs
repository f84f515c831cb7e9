/**
 * `npm run bench:ssr [-- --seconds N] [--connections N] [--rounds N] [--accept-encoding VALUE] [--compare URL…]`:
 * server-side throughput of the public pages (docs/performance/web.md "SSR throughput"). Each request sends
 * `Accept-Encoding: VALUE`, by default what Chromium and Firefox send (`gzip, deflate, br, zstd`); the figures of
 * docs/performance/web.md before 2026-11-23 20:00 UTC were measured with `br` alone.
 *
 * Builds when needed and starts two production servers on demo content (bench/production-server.mjs: 127.0.0.1, free
 * ports, separate temporary folders): one renders every request (`PAGE_CACHE_TTL_MS=0`, the behaviour before the page
 * cache), one with the default page cache (docs/decisions/040-rendered-page-cache.md). A campaign page is created and
 * published through the API on each. Then, round-robin in the same run, autocannon loads each page on each server (and
 * every `--compare` URL) for `--seconds` (default 10) with `--connections` (default 50) and reports per target:
 * requests per second, p50 and p99 latency (ms), and the server's CPU time per answered request (ms, from
 * /proc/PID/stat: user + system, so it is the server process's own cost whatever else runs on the machine; not
 * available for `--compare` URLs). With --rounds N (default 1) each target is measured N times and the medians are
 * printed. A measurement, not a gate: the exit code is 0 unless a server fails to start.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { publishCampaignPage, startProductionServer } from "./production-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const seconds = Math.max(1, Number(arg("seconds", "10")) || 10);
const connections = Math.max(1, Number(arg("connections", "50")) || 50);
const rounds = Math.max(1, Number(arg("rounds", "1")) || 1);
const acceptEncoding = arg("accept-encoding", "gzip, deflate, br, zstd");
const compareUrls = (() => {
  const i = process.argv.indexOf("--compare");
  if (i < 0) return [];
  const urls = [];
  for (const value of process.argv.slice(i + 1)) {
    if (value.startsWith("--")) break;
    urls.push(value);
  }
  return urls;
})();

/** One production server (bench/production-server.mjs) with `env`, named `label` in the table. */
async function startServer(label, env) {
  const started = await startProductionServer(root, {
    // The load comes from one address on a loaded machine: no 503 from load shedding instead of the page.
    env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "0", ...env },
  });
  return { label, base: started.base, password: started.adminPassword, pid: started.pid };
}

/** The process's CPU time (user + system) in ms, from /proc/PID/stat (fields 14 and 15, in clock ticks). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

async function load(url, pid) {
  const before = pid ? cpuMs(pid) : 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { "accept-encoding": acceptEncoding },
  });
  const cpu = pid ? cpuMs(pid) - before : Number.NaN;
  const answered = result["2xx"];
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerPage: pid && answered ? cpu / answered : Number.NaN,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (values) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : Number.NaN;
};

const rendering = await startServer("renders every request", { PAGE_CACHE_TTL_MS: "0" });
const cached = await startServer("page cache (10 s)", {});
const targets = [];
for (const server of [rendering, cached]) {
  const published = await publishCampaignPage(server.base, server.password, "bench-campaign");
  server.projectId = published.projectId;
  const campaign = published.platformPath;
  for (const page of ["/", `/project/${server.projectId}`, campaign]) {
    targets.push({ server: server.label, page, url: `${server.base}${page}`, pid: server.pid });
  }
}
for (const url of compareUrls) targets.push({ server: "reference", page: url, url, pid: null });

const samples = new Map(targets.map((t) => [t, []]));
for (let round = 0; round < rounds; round++) {
  // Interleaved: page by page, each server (and reference) in turn, so both see the same machine.
  const order = [...targets].sort((a, b) => a.page.length - b.page.length || a.page.localeCompare(b.page));
  for (const target of order) samples.get(target).push(await load(target.url, target.pid));
}

console.log(
  `bench:ssr — ${connections} connections, ${seconds} s per target, ${rounds} round(s), medians, accept-encoding "${acceptEncoding}"; load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")}`,
);
console.table(
  targets.map((t) => {
    const s = samples.get(t);
    return {
      server: t.server,
      page: t.page,
      "req/s": Math.round(median(s.map((x) => x.rps))),
      "p50 ms": median(s.map((x) => x.p50)),
      "p99 ms": median(s.map((x) => x.p99)),
      "CPU ms/page": Number(median(s.map((x) => x.cpuPerPage)).toFixed(2)),
      errors: median(s.map((x) => x.errors)),
    };
  }),
);
process.exit(0);
