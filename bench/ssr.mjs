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
 * printed.
 *
 * Then an ad burst on the cached server (docs/decisions/063-page-cache-emptied-by-public-writes.md): `--connections`
 * visitors for `--seconds` each load the three pages in turn and send an enquiry (POST /api/contact, as the page's
 * form does) after every `--views-per-enquiry` (default 19) page views; it prints the page views, the enquiries
 * accepted (201) and the page cache's hit ratio (answers with `x-page-cache: hit` over all page answers; target
 * ≥ 95 %). The servers accept any number of enquiries per address (CONTACT_RATE_LIMIT_MAX), since the load comes
 * from one address. A measurement, not a gate: the exit code is 0 unless a server fails to start.
 */
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { arg, argList } from "./args.mjs";
import { publishCampaignPage, startProductionServer } from "./production-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const seconds = Math.max(1, Number(arg("seconds", "10")) || 10);
const connections = Math.max(1, Number(arg("connections", "50")) || 50);
const rounds = Math.max(1, Number(arg("rounds", "1")) || 1);
const acceptEncoding = arg("accept-encoding", "gzip, deflate, br, zstd");
const viewsPerEnquiry = Math.max(1, Number(arg("views-per-enquiry", "19")) || 19);
const compareUrls = argList("compare");

/** One production server (bench/production-server.mjs) with `env`, named `label` in the table. */
async function startServer(label, env) {
  const started = await startProductionServer(root, {
    // The load comes from one address on a loaded machine: no 503 from load shedding instead of the page.
    env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "0", CONTACT_RATE_LIMIT_MAX: "1000000000", ...env },
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
/**
 * The ad burst on `server`: each connection loads `pages` in turn and sends one enquiry after every
 * `viewsPerEnquiry` page views. Output: page views, hits (x-page-cache: hit), enquiries sent and accepted (201).
 */
async function burst(server, pages) {
  const counts = { views: 0, hits: 0, enquiries: 0, accepted: 0 };
  const view = (page) => ({
    method: "GET",
    path: page,
    headers: { "accept-encoding": acceptEncoding },
    onResponse: (_status, _body, _context, headers) => {
      counts.views += 1;
      if (headers["x-page-cache"] === "hit") counts.hits += 1;
    },
  });
  const enquiry = {
    method: "POST",
    path: "/api/contact",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "زائر الحملة",
      email: "visitor@example.com",
      phone: "0501234567",
      message: "أريد التواصل",
    }),
    onResponse: (status) => {
      counts.enquiries += 1;
      if (status === 201) counts.accepted += 1;
    },
  };
  const sequence = Array.from({ length: viewsPerEnquiry }, (_, i) => view(pages[i % pages.length]));
  await autocannon({ url: server.base, connections, duration: seconds, requests: [...sequence, enquiry] });
  return counts;
}

const burstPages = targets.filter((t) => t.server === cached.label).map((t) => t.page);
const b = await burst(cached, burstPages);
console.log(
  `ad burst on "${cached.label}" — ${connections} connections, ${seconds} s, ${burstPages.join(" ")} in turn, one enquiry per ${viewsPerEnquiry} page views`,
);
console.table([
  {
    "page views": b.views,
    "cache hits": b.hits,
    "hit ratio %": Number(((100 * b.hits) / Math.max(1, b.views)).toFixed(1)),
    enquiries: b.enquiries,
    "accepted (201)": b.accepted,
  },
]);
process.exit(0);
