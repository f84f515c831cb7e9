/**
 * A real S3-protocol server for tests (s3rver in a child process, s3-server-child.mjs, on 127.0.0.1 and a free port,
 * objects in a temp folder), with one empty bucket. `stop()` ends it (a "bucket that is down"); `close()` also removes
 * its folder. Rejects when the child does not report its port within 20 s or exits first.
 *
 *   const s3 = await startS3Server();
 *   const storage = s3Storage(s3.config);
 *   …
 *   await s3.close();
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { S3Config } from "../config.ts";

export interface TestS3Server {
  /** Settings that reach the bucket (path-style, the server's fixed test credentials). */
  config: S3Config;
  /** The folder s3rver keeps the objects in. */
  directory: string;
  /** Stops answering: later requests are refused (ECONNREFUSED). */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = "media"): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "s3-server-child.mjs"), directory, bucket], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = once(child, "exit");
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("s3rver did not start within 20 s")), 20_000);
    child.once("exit", (code) => reject(new Error(`s3rver exited with code ${code} before listening`)));
    createInterface({ input: child.stdout }).once("line", (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
  }).catch(async (error) => {
    child.kill("SIGKILL");
    await rm(directory, { recursive: true, force: true });
    throw error;
  });
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    child.kill("SIGTERM");
    await exited;
  };
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: "us-east-1",
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      forcePathStyle: true,
    },
    directory,
    stop,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
