/**
 * Decorates the app with `jobs` (the one background engine, engine.ts) and `clock` (the one clock of business time,
 * clock.ts). The engine's one timer starts on onReady, every `intervalMs` (config.jobsIntervalMs; 0: no timer, tests
 * call `app.jobs.runDue()`), and stops on onClose after the passes in progress end (outbox claims are given back).
 * Modules register their queues from their own plugins, registered after this one (app.ts).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Clock } from "./clock.ts";
import { JobEngine } from "./engine.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The one background engine (jobs/engine.ts). */
    jobs: JobEngine;
    /** The one clock of business time (jobs/clock.ts; AppDeps.clock). */
    clock: Clock;
  }
}

export const jobsPlugin = fp(
  async (app: FastifyInstance, options: { clock: Clock; intervalMs: number }) => {
    const engine = new JobEngine({
      db: app.db,
      clock: options.clock,
      onError: (queue, error) => app.log.error({ err: error, queue }, "job pass failed"),
    });
    app.decorate("clock", options.clock);
    app.decorate("jobs", engine);
    app.addHook("onReady", async () => engine.start(options.intervalMs));
    app.addHook("onClose", async () => engine.stop());
  },
  { name: "jobs" },
);
