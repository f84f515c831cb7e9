/**
 * One long-lived worker thread (node:worker_threads) that inspects untrusted files off the event loop
 * (docs/decisions/021-input-hardening.md; ARCHITECTURE security model, uploads): spreadsheet guard + parse
 * (units/sheet.ts guardAndRead) and PDF inspection (uploads/pdf.ts inspectPdf).
 *
 * The worker is started on first use (or by warmInspector at server start) and kept warm, so a job does not pay
 * for loading a thread, tsx and the parsers each time. Jobs run one at a time in arrival order (the machine's cores
 * are shared with the database and the HTTP server). A job that passes its time limit, or a worker that dies (heap
 * limit INSPECTOR_HEAP_MB reached), ends that worker: the job fails with InspectorFailed and the next job starts a
 * fresh one. The worker is unref'd: it never keeps the process alive.
 *
 * Under tsx or vitest (this module is .ts) the worker registers tsx's ESM loader itself (workers do not inherit
 * `--import` loaders) and imports inspector-worker.ts; the built server runs the compiled inspector-worker.js.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { SheetAnswer, SpreadsheetKind } from "../modules/units/sheet.ts";
import type { PdfVerdict } from "../modules/uploads/pdf.ts";

/** The worker's heap limit (MB): a legitimate 10 MB spreadsheet or 20 MB PDF fits well within it. */
export const INSPECTOR_HEAP_MB = 192;

/** A job for the worker; `bytes` is transferred (the caller's copy is detached). */
export type InspectorJob =
  | { job: "sheet"; kind: SpreadsheetKind; bytes: Uint8Array }
  | { job: "pdf"; bytes: Uint8Array }
  | { job: "ping"; bytes: Uint8Array };
/** What the worker answers for each job kind ("ping" answers "pong" once its parsers are loaded). */
export type InspectorAnswer<J extends InspectorJob> = J extends { job: "sheet" }
  ? SheetAnswer
  : J extends { job: "pdf" }
    ? PdfVerdict
    : "pong";

/** The job ran out of time, or the worker died (out of memory, crashed). */
export class InspectorFailed extends Error {
  constructor(reason: string) {
    super(`inspector worker: ${reason}`);
    this.name = "InspectorFailed";
  }
}

let shared: Worker | null = null;
let chain: Promise<unknown> = Promise.resolve();

/** The worker's entry: compiled .js, or a loader shim around the .ts under tsx/vitest. */
function workerEntry(): URL {
  const entry = new URL(`./inspector-worker.${import.meta.url.endsWith(".ts") ? "ts" : "js"}`, import.meta.url);
  if (!entry.pathname.endsWith(".ts")) return entry;
  const tsxFolder = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const api = pathToFileURL(path.join(tsxFolder, "dist", "esm", "api", "index.mjs")).href;
  const code = `import { register } from ${JSON.stringify(api)}; register(); await import(${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/** The running worker, started when there is none. */
function ensureWorker(): Worker {
  if (shared) return shared;
  const worker = new Worker(workerEntry(), {
    resourceLimits: { maxOldGenerationSizeMb: INSPECTOR_HEAP_MB, maxYoungGenerationSizeMb: 8 },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  const forget = () => {
    if (shared === worker) shared = null;
  };
  worker.once("exit", forget);
  worker.once("error", forget);
  shared = worker;
  return worker;
}

/** How long a freshly started worker may take to load its parsers before warmInspector gives up (ms). */
const WARM_TIMEOUT_MS = 60_000;

/**
 * Starts the worker ahead of the first job (server start), so the first upload does not wait for it to load.
 * Resolves once the worker answered (parsers loaded); never rejects (a failed start is retried by the next job).
 */
export async function warmInspector(): Promise<void> {
  await runInInspector({ job: "ping", bytes: new Uint8Array(0) }, WARM_TIMEOUT_MS).catch(() => {});
}

/** Ends the current worker, if any (tests, shutdown). Resolves when it has exited. */
export async function stopInspector(): Promise<void> {
  const worker = shared;
  shared = null;
  if (worker) await worker.terminate();
}

function runNow<J extends InspectorJob>(job: J, timeoutMs: number): Promise<InspectorAnswer<J>> {
  const worker = ensureWorker();
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("exit", onExit);
      worker.off("error", onError);
    };
    const fail = (reason: string) => {
      cleanup();
      if (shared === worker) shared = null;
      void worker.terminate();
      reject(new InspectorFailed(reason));
    };
    const onMessage = (answer: InspectorAnswer<J>) => {
      cleanup();
      resolve(answer);
    };
    const onExit = () => fail("exited");
    const onError = () => fail("crashed");
    const timer = setTimeout(() => fail("time limit"), timeoutMs);
    worker.on("message", onMessage);
    worker.once("exit", onExit);
    worker.once("error", onError);
    worker.postMessage(job, [job.bytes.buffer as ArrayBuffer]);
  });
}

/**
 * Runs `job` in the worker after the jobs already queued; its time limit (ms) counts from its own start.
 * Output: the worker's answer (SheetAnswer for "sheet", PdfVerdict for "pdf"). Errors: InspectorFailed.
 * `job.bytes` must own its whole ArrayBuffer (it is transferred): pass a fresh copy.
 */
export function runInInspector<J extends InspectorJob>(job: J, timeoutMs: number): Promise<InspectorAnswer<J>> {
  const result = chain.then(() => runNow(job, timeoutMs));
  chain = result.catch(() => {});
  return result;
}
