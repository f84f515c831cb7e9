/**
 * A real S3-protocol server for tests (s3rver, in-process, on 127.0.0.1 and a free port, objects in a temp folder),
 * with one empty bucket. `stop()` closes it (a "bucket that is down"); `close()` also removes its folder.
 *
 *   const s3 = await startS3Server();
 *   const storage = s3Storage(s3.config);
 *   …
 *   await s3.close();
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
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
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.close();
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
