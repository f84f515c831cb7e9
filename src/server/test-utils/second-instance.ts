/**
 * A second app instance on the database of a test app, as a second server process behind the load balancer would be
 * (docs/decisions/057-one-job-engine-and-one-clock.md: jobs run once across instances): its own connection pool on
 * PostgreSQL (the one connection on PGlite), the same settings and storage, and `clock`.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import type { TestApp } from "./app.ts";

/** Builds and readies the second instance; closing it closes its database handle too. */
export async function openSecondInstance(t: TestApp, clock: () => Date): Promise<FastifyInstance> {
  const peer = await t.openPeerDatabase();
  const second = await buildApp({
    db: peer.db,
    config: t.config,
    site: t.site,
    storage: t.storage,
    logger: false,
    clock,
  });
  second.addHook("onClose", async () => {
    await peer.close();
  });
  await second.ready();
  return second;
}
