/**
 * Starts the maintenance job (jobs.ts: expired sessions, old login attempts, ended rate-limit windows) on every
 * instance from onReady to onClose. Each instance looks every min(period, 1 min); the shared claim in
 * `scheduled_jobs` makes it run once per `config.maintenanceIntervalMs` across instances (0: never).
 * Errors of a pass are logged and the next pass tries again.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { MAINTENANCE_JOB, runJobIfDue, sweepExpired } from "./jobs.ts";

export const maintenancePlugin = fp(async (app: FastifyInstance) => {
  const periodMs = app.config.maintenanceIntervalMs;
  if (periodMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = async () => {
    try {
      await runJobIfDue(app.db, MAINTENANCE_JOB, periodMs, async (tx) => {
        const report = await sweepExpired(tx);
        app.log.info({ job: MAINTENANCE_JOB, ...report }, "maintenance job ran");
      });
    } catch (error) {
      app.log.error({ err: error, job: MAINTENANCE_JOB }, "maintenance job failed");
    }
  };
  app.addHook("onReady", async () => {
    running = tick();
    timer = setInterval(
      () => {
        running = tick();
      },
      Math.min(periodMs, 60_000),
    );
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
});
