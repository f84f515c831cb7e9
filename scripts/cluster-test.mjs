/**
 * `npm run test:cluster` (called by .ci/run after the PostgreSQL run): starts the cluster of scripts/cluster.mjs
 * (PostgreSQL, two instances started at once, nginx) and checks what several instances must share
 * (docs/operations.md "Several instances"):
 *   1. a sign-in on instance 1 is recognised on instance 2;
 *   2. an image uploaded on instance 1 is served by instance 2 (and through nginx);
 *   3. the contact rate limit is shared: the limit counts leads sent to either instance;
 *   4. a lead is delivered once to a local webhook receiver, though both instances run the worker;
 *   5. the timed maintenance job runs once per period across the two instances.
 * Bounded: every wait has a timeout, the whole run is stopped after 6 minutes; the cluster is stopped on any exit.
 * Exit code 0 when every check passes.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import sharp from "sharp";
import { startCluster, waitFor } from "./cluster.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ADMIN_PASSWORD = "cluster-admin-password-1";
const RATE_LIMIT = 4;
const JOB_PERIOD_MS = 1500;

const overall = setTimeout(() => {
  process.stderr.write("cluster test: timed out after 6 minutes\n");
  process.exit(1);
}, 360_000);

execFileSync(process.execPath, [path.join(root, "scripts", "build-if-stale.mjs")], { stdio: "inherit" });

// The webhook receiver: counts deliveries per webhook-id.
const received = new Map();
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    const id = String(req.headers["webhook-id"]);
    received.set(id, (received.get(id) ?? 0) + 1);
    res.end("ok");
  });
});
receiver.listen(0, "127.0.0.1");
await once(receiver, "listening");

const cluster = await startCluster({
  quiet: true,
  env: {
    SEED: "none",
    ADMIN_PASSWORD,
    WEBHOOK_ALLOW_PRIVATE: "1",
    JOBS_INTERVAL_MS: "200",
    CONTACT_RATE_LIMIT_MAX: String(RATE_LIMIT),
    MAINTENANCE_INTERVAL_MINUTES: String(JOB_PERIOD_MS / 60_000),
    LOG_LEVEL: "info",
  },
});
const [one, two] = cluster.instances;
process.stdout.write(`  cluster up: nginx ${cluster.url}, media in a ${cluster.storage}\n`);
let failed = false;

async function json(url, init = {}) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function check(name, fn) {
  try {
    await fn();
    process.stdout.write(`  ok   ${name}\n`);
  } catch (error) {
    failed = true;
    process.stdout.write(`  FAIL ${name}\n${error.stack ?? error}\n`);
  }
}

try {
  const login = await json(`${one.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
  });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const auth = { authorization: `Bearer ${login.body.token}` };

  await check("a sign-in on instance 1 is recognised on instance 2", async () => {
    const me = await json(`${two.url}/api/auth/me`, { headers: auth });
    assert.equal(me.status, 200);
    assert.equal(me.body.username ?? me.body.user?.username, "admin");
  });

  await check("an upload on instance 1 is served by instance 2 and through nginx", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([png], { type: "image/png" }), "cluster.png");
    const upload = await json(`${one.url}/api/upload/image`, { method: "POST", headers: auth, body: form });
    assert.equal(upload.status, 200, JSON.stringify(upload.body));
    for (const base of [two.url, cluster.url]) {
      const res = await fetch(`${base}${upload.body.url}`, { signal: AbortSignal.timeout(10_000) });
      assert.equal(res.status, 200, `${base}${upload.body.url}`);
      assert.ok((await res.arrayBuffer()).byteLength > 0);
    }
  });

  // A project and a landing page whose leads go to the receiver.
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const project = await db.query("insert into projects (name, city) values ('مشروع العنقود', 'جدة') returning id");
  const page = await json(`${one.url}/api/landing-pages/${project.rows[0].id}`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({
      slug: "cluster-page",
      poster: "/media/images/dddddddddddddddd.webp",
      webhookUrl: `http://127.0.0.1:${receiver.address().port}/in`,
    }),
  });
  assert.equal(page.status, 201, JSON.stringify(page.body));

  await check(`the contact rate limit (${RATE_LIMIT}) is shared by both instances`, async () => {
    const statuses = [];
    for (let i = 0; i < RATE_LIMIT + 1; i++) {
      const target = i % 2 === 0 ? one : two;
      const res = await json(`${target.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: `عميل ${i + 1}`,
          email: `lead${i}@example.com`,
          phone: "0509999999",
          landingPageId: page.body.id,
        }),
      });
      statuses.push(res.status);
    }
    assert.deepEqual(statuses, [...Array(RATE_LIMIT).fill(201), 429]);
  });

  await check("each lead is delivered once, though both instances run the webhook worker", async () => {
    await waitFor(
      `${RATE_LIMIT} deliveries`,
      async () => {
        const rows = await db.query("select count(*)::int as n from webhook_deliveries where status = 'delivered'");
        return rows.rows[0].n === RATE_LIMIT;
      },
      30_000,
    );
    // Both workers poll every 200 ms: give a double delivery the time of several passes to show up.
    const settle = Date.now() + 2000;
    await waitFor("a few more worker passes", async () => Date.now() > settle, 5000);
    assert.equal(received.size, RATE_LIMIT);
    assert.deepEqual([...received.values()], Array(RATE_LIMIT).fill(1));
  });

  await check("the maintenance job runs once per period across both instances", async () => {
    const started = Date.now();
    const first = await db.query("select runs from scheduled_jobs where name = 'maintenance'");
    const before = first.rows[0]?.runs ?? 0;
    await waitFor(
      "4 more maintenance runs",
      async () => {
        const rows = await db.query("select runs from scheduled_jobs where name = 'maintenance'");
        return (rows.rows[0]?.runs ?? 0) >= before + 4;
      },
      30_000,
    );
    const elapsed = Date.now() - started;
    const rows = await db.query("select runs from scheduled_jobs where name = 'maintenance'");
    const runs = rows.rows[0].runs - before;
    // Once per period: at most elapsed / period + 1 runs (two instances each running it would make about twice that).
    assert.ok(runs <= Math.floor(elapsed / JOB_PERIOD_MS) + 1, `${runs} runs in ${elapsed} ms`);
    const logged = [one, two].map((i) => (i.output().match(/maintenance job ran/g) ?? []).length);
    assert.equal(logged[0] + logged[1], rows.rows[0].runs, `log lines ${logged} vs runs ${rows.rows[0].runs}`);
    process.stdout.write(`       ${runs} runs in ${elapsed} ms (period ${JOB_PERIOD_MS} ms); by instance: ${logged}\n`);
  });
  await db.end();
} catch (error) {
  failed = true;
  process.stdout.write(`${error.stack ?? error}\n`);
} finally {
  await cluster.stop();
  receiver.close();
  clearTimeout(overall);
}
process.stdout.write(failed ? "cluster test FAILED\n" : "cluster test passed\n");
process.exit(failed ? 1 : 0);
