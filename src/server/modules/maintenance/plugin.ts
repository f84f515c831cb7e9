/**
 * Registers the maintenance job (jobs.ts: expired sessions, old login attempts, ended rate-limit windows) with the
 * job engine (`app.jobs.every`, jobs/engine.ts): once per `config.maintenanceIntervalMs` across instances (0: never),
 * looked for on the engine's one timer, its turns at the app's clock. Errors of a pass are logged and the next pass tries again.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { systemClock } from "../../jobs/clock.ts";
import { MAINTENANCE_JOB, sweepExpired } from "./jobs.ts";

export const maintenancePlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.every(MAINTENANCE_JOB, app.config.maintenanceIntervalMs, async (tx) => {
      // Sessions, sign-in counters and rate-limit windows are security times written by the wall clock (auth), not
      // business times: they are swept by the wall clock, so a moved test clock never signs staff out.
      const report = await sweepExpired(tx, systemClock());
      app.log.info({ job: MAINTENANCE_JOB, ...report }, "maintenance job ran");
    });
  },
  { name: "maintenance", dependencies: ["jobs"] },
);
