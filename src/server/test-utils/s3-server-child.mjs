/**
 * The child process of startS3Server (s3-server.ts): runs s3rver on 127.0.0.1 and a free port with one empty bucket,
 * objects in the folder given as argv[2], bucket name argv[3]; prints `{"port":N}` on one line once it listens and
 * exits on SIGTERM. A separate process, so the memory a test measures in its own process is the server's, not the
 * S3 stand-in's (s3rver assembles a multipart object in memory).
 */
import S3rver from "s3rver";

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.on("SIGTERM", () => {
  server.close().finally(() => process.exit(0));
});
