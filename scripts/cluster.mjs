/**
 * A local cluster as a company would run it (docs/operations.md "Several instances"): a throwaway PostgreSQL cluster
 * (Debian's /usr/lib/postgresql/N/bin), two instances of the compiled server on one database and one shared media
 * folder, and nginx (Debian's) in front balancing between them — all on 127.0.0.1.
 *
 *   npm run demo:cluster          starts everything, prints the address, stops everything on Ctrl+C
 *   import { startCluster } …     scripts/cluster-test.mjs drives it (npm run test:cluster)
 *
 * Ports (env): CLUSTER_PG_PORT (55517), CLUSTER_HTTP_PORT (8088, nginx), CLUSTER_INSTANCE_PORT (3101; the second
 * instance takes the next port). Every wait is bounded; every child is killed and the temp folder removed on stop,
 * on Ctrl+C and on an error. Media: an S3-protocol server (s3rver, in this process, on CLUSTER_S3_PORT, 4569) holding
 * the bucket both instances use, when the server has the S3 driver (src/server/config.ts reads S3_BUCKET); otherwise
 * one local folder shared by both instances (MEDIA_DIR).
 */
import { execFileSync, spawn } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The newest Debian PostgreSQL server binaries. Errors: when none is installed. */
function postgresBin() {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(base, version, "bin");
    if (existsSync(path.join(bin, "initdb"))) return bin;
  }
  throw new Error("PostgreSQL is not installed (apt-get install -y postgresql)");
}

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));

/** Whether the server has the S3 storage driver (its configuration reads S3_BUCKET) and s3rver is installed. */
async function s3Available() {
  if (!readFileSync(path.join(root, "src", "server", "config.ts"), "utf8").includes("S3_BUCKET")) return false;
  try {
    await import("s3rver");
    return true;
  } catch {
    return false;
  }
}

/** Runs `argv` as the postgres user when we are root (initdb refuses root), else as ourselves. */
function asPostgres(argv, options = {}) {
  if (process.getuid?.() === 0) {
    return execFileSync("su", ["postgres", "-c", argv.map((a) => `'${a}'`).join(" ")], options);
  }
  return execFileSync(argv[0], argv.slice(1), options);
}

/** Polls `check` every 200 ms until it returns true; throws `what` after `timeoutMs`. */
export async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

async function answers(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return res.ok;
}

/**
 * Starts the cluster. Options: `env` added to both instances' environment (e.g. SEED, MAINTENANCE_INTERVAL_MINUTES),
 * `quiet` (instances' output only kept in memory). Output: { url, instances: [{ url, output() }], databaseUrl,
 * mediaDir, stop() }. Errors: a step that fails or times out (everything started so far is stopped first).
 */
export async function startCluster(options = {}) {
  const pgPort = Number(process.env.CLUSTER_PG_PORT ?? 55517);
  const httpPort = Number(process.env.CLUSTER_HTTP_PORT ?? 8088);
  const instancePort = Number(process.env.CLUSTER_INSTANCE_PORT ?? 3101);
  const dir = mkdtempSync(path.join(tmpdir(), "cluster-"));
  const children = [];
  let pgStarted = false;
  let s3 = null;
  const bin = postgresBin();
  const pgData = path.join(dir, "pg");

  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode) return resolve();
            const force = setTimeout(() => child.kill("SIGKILL"), 12_000);
            child.once("exit", () => {
              clearTimeout(force);
              resolve();
            });
          }),
      ),
    );
    if (s3) await s3.close().catch(() => {});
    if (pgStarted) {
      try {
        asPostgres([path.join(bin, "pg_ctl"), "-D", pgData, "-m", "fast", "-w", "-t", "20", "stop"], {
          stdio: "ignore",
        });
      } catch {}
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (!NGINX) throw new Error("nginx is not installed (apt-get install -y nginx)");
    if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), 0);
    asPostgres(
      [path.join(bin, "initdb"), "-D", pgData, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"],
      {
        stdio: "ignore",
      },
    );
    asPostgres(
      [
        path.join(bin, "pg_ctl"),
        "-D",
        pgData,
        "-l",
        path.join(dir, "pg.log"),
        "-o",
        `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1`,
        "-w",
        "-t",
        "30",
        "start",
      ],
      { stdio: "ignore" },
    );
    pgStarted = true;
    const databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    const mediaDir = path.join(dir, "media");
    const url = `http://127.0.0.1:${httpPort}`;
    let storageEnv = { MEDIA_DIR: mediaDir };
    if (await s3Available()) {
      const { default: S3rver } = await import("s3rver");
      const s3Dir = path.join(dir, "s3");
      mkdirSync(s3Dir);
      s3 = new S3rver({
        address: "127.0.0.1",
        port: Number(process.env.CLUSTER_S3_PORT ?? 4569),
        silent: true,
        directory: s3Dir,
        configureBuckets: [{ name: "media", configs: [] }],
      });
      const { port: s3Port } = await s3.run();
      storageEnv = {
        MEDIA_DIR: mediaDir,
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_BUCKET: "media",
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "1",
      };
    }

    // Both instances at once: the start-up work runs under the advisory lock (src/server/db/startup-lock.ts).
    const instances = [0, 1].map((i) => {
      const port = instancePort + i;
      let output = "";
      const child = spawn(
        process.execPath,
        ["--enable-source-maps", path.join(root, "dist", "src", "server", "main.js")],
        {
          cwd: root,
          env: {
            ...process.env,
            NODE_ENV: "production",
            PORT: String(port),
            HOST: "127.0.0.1",
            DATABASE_URL: databaseUrl,
            DATA_DIR: path.join(dir, `instance-${i + 1}`),
            ...storageEnv,
            PUBLIC_URL: url,
            TRUST_PROXY: "1",
            ...options.env,
          },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      children.push(child);
      for (const stream of [child.stdout, child.stderr]) {
        stream.on("data", (chunk) => {
          output += chunk;
          if (!options.quiet) process.stdout.write(`[instance ${i + 1}] ${chunk}`);
        });
      }
      return { url: `http://127.0.0.1:${port}`, port, child, output: () => output };
    });
    await Promise.all(
      instances.map((instance, i) =>
        waitFor(
          `instance ${i + 1} to be ready`,
          async () => {
            if (instance.child.exitCode !== null) throw new Error(`instance ${i + 1} exited:\n${instance.output()}`);
            return answers(`${instance.url}/api/health/ready`);
          },
          180_000,
        ).catch((error) => {
          throw new Error(`${error.message}\n${instance.output()}`);
        }),
      ),
    );

    const nginxDir = path.join(dir, "nginx");
    execFileSync("mkdir", ["-p", path.join(nginxDir, "logs")]);
    writeFileSync(
      path.join(nginxDir, "nginx.conf"),
      `${process.getuid?.() === 0 ? "user root root;\n" : ""}worker_processes 1;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  client_max_body_size 250m;
  upstream site {
    server 127.0.0.1:${instancePort} max_fails=1 fail_timeout=5s;
    server 127.0.0.1:${instancePort + 1} max_fails=1 fail_timeout=5s;
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${httpPort};
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_503;
    }
  }
}
`,
    );
    const nginx = spawn(NGINX, ["-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf"), "-g", "daemon off;"], {
      stdio: ["ignore", "inherit", "inherit"],
    });
    children.push(nginx);
    await waitFor("nginx", () => answers(`${url}/api/health/live`), 20_000);
    return {
      url,
      instances,
      databaseUrl,
      mediaDir,
      storage: s3 ? "S3-protocol server (s3rver)" : "shared folder",
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

// CLI: `npm run demo:cluster` — build when stale, start, wait for Ctrl+C.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  execFileSync(process.execPath, [path.join(root, "scripts", "build-if-stale.mjs")], { stdio: "inherit" });
  const cluster = await startCluster({ env: { SEED: process.env.SEED ?? "demo" } });
  process.stdout.write(
    `\n  Cluster ready at ${cluster.url} (nginx → ${cluster.instances.map((i) => i.url).join(", ")}; PostgreSQL ${cluster.databaseUrl}; media: ${cluster.storage})\n  Ctrl+C stops everything.\n\n`,
  );
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      await cluster.stop();
      process.exit(0);
    });
  }
}
