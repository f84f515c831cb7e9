/**
 * Worker thread entry of the inspector (inspector.ts): answers each posted job in turn — "sheet" with
 * guardAndRead's answer ({ok: true, sheet} or {ok: false, status, message}), "pdf" with inspectPdf's verdict, "ping" with "pong".
 */
import { parentPort } from "node:worker_threads";
import { guardAndRead } from "../modules/units/sheet.ts";
import { inspectPdf } from "../modules/uploads/pdf.ts";
import type { InspectorJob } from "./inspector.ts";

parentPort?.on("message", async (job: InspectorJob) => {
  if (job.job === "sheet") parentPort?.postMessage(guardAndRead(job.kind, job.bytes));
  else if (job.job === "pdf") parentPort?.postMessage(await inspectPdf(job.bytes));
  else parentPort?.postMessage("pong");
});
