/**
 * Worker thread entry of the inspector (inspector.ts): answers each posted job in turn — a task with the value the
 * named export of the named module returns (awaited), a list of modules with "pong" once they are loaded.
 */
import { parentPort } from "node:worker_threads";
import type { InspectorJob } from "./inspector.ts";

parentPort?.on("message", async (job: InspectorJob) => {
  if ("modules" in job) {
    await Promise.all(job.modules.map((url) => import(url)));
    parentPort?.postMessage("pong");
    return;
  }
  const exports: Record<string, unknown> = await import(job.module);
  const task = exports[job.task];
  if (typeof task !== "function") throw new Error(`inspector: ${job.module} exports no function ${job.task}`);
  parentPort?.postMessage(await task(...job.args));
});
