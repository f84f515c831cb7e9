/**
 * One long-lived worker thread (node:worker_threads) that inspects untrusted files off the event loop
 * (docs/decisions/021-input-hardening.md; ARCHITECTURE security model, uploads). It knows no module of the app: a
 * module names itself with `inspectorModule(import.meta.url)` and gets a runner that calls one of its own exported
 * functions in the worker (units/sheet.ts: the spreadsheet guard and parse; uploads/pdf.ts: the PDF inspection).
 *
 * The worker is started on first use (or by warmInspector at server start) and kept warm, so a job does not pay
 * for loading a thread, tsx and the parsers each time. Jobs run one at a time in arrival order (the machine's cores
 * are shared with the database and the HTTP server). A job that passes its time limit, or a worker that dies (heap
 * limit INSPECTOR_HEAP_MB reached), ends that worker: the job fails with InspectorFailed and the next job starts a
 * fresh one. The worker is unref'd: it never keeps the process alive.
 *
 * Under tsx or vitest (this module is .ts) the worker registers tsx's ESM loader itself (workers do not inherit
 * `--import` loaders), resolves `#domain/…` under the "source" condition (package.json "imports") and imports
 * inspector-worker.ts; the built server runs the compiled inspector-worker.js.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/** The worker's heap limit (MB): a legitimate 10 MB spreadsheet or 20 MB PDF fits well within it. */
export const INSPECTOR_HEAP_MB = 192;

/**
 * A message to the worker: call the export `task` of the module at URL `module` with `args` (structured-cloned;
 * Uint8Array buffers are transferred), or load `modules` and answer "pong".
 */
export type InspectorJob = { module: string; task: string; args: unknown[] } | { modules: string[] };

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
  const entry = workerEntry();
  const fromSource = entry.protocol === "data:";
  const worker = new Worker(entry, {
    execArgv: fromSource ? [...process.execArgv, "--conditions=source"] : process.execArgv,
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
  await run({ modules: [...modules] }, [], WARM_TIMEOUT_MS).catch(() => {});
}

/** Ends the current worker, if any (tests, shutdown). Resolves when it has exited. */
export async function stopInspector(): Promise<void> {
  const worker = shared;
  shared = null;
  if (worker) await worker.terminate();
}

function runNow(job: InspectorJob, transfer: ArrayBuffer[], timeoutMs: number): Promise<unknown> {
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
    const onMessage = (answer: unknown) => {
      cleanup();
      resolve(answer);
    };
    const onExit = () => fail("exited");
    const onError = () => fail("crashed");
    const timer = setTimeout(() => fail("time limit"), timeoutMs);
    worker.on("message", onMessage);
    worker.once("exit", onExit);
    worker.once("error", onError);
    worker.postMessage(job, transfer);
  });
}

/** Runs `job` after the jobs already queued; its time limit (ms) counts from its own start. */
function run(job: InspectorJob, transfer: ArrayBuffer[], timeoutMs: number): Promise<unknown> {
  const result = chain.then(() => runNow(job, transfer, timeoutMs));
  chain = result.catch(() => {});
  return result;
}

/** The modules that named themselves (warmInspector loads them all, so the first job finds its parsers loaded). */
const modules = new Set<string>();

/** Calls `task(...args)` in the worker; resolves with its (awaited) result. */
export type InspectorRunner = <A extends unknown[], R>(
  task: (...args: A) => R,
  args: A,
  timeoutMs: number,
) => Promise<Awaited<R>>;

/**
 * Names the module at `moduleUrl` (its `import.meta.url`) as one whose exported functions run in the worker.
 * Output: a runner; `runner(task, args, timeoutMs)` calls the module's export named `task.name` in the worker after
 * the jobs already queued, its time limit counting from its own start. Every Uint8Array in `args` must own its whole
 * ArrayBuffer (it is transferred: pass a fresh copy). Errors: InspectorFailed (time limit, worker died or the task
 * threw).
 */
export function inspectorModule(moduleUrl: string): InspectorRunner {
  modules.add(moduleUrl);
  return <A extends unknown[], R>(task: (...args: A) => R, args: A, timeoutMs: number) => {
    const transfer = args.flatMap((arg) => (arg instanceof Uint8Array ? [arg.buffer as ArrayBuffer] : []));
    return run({ module: moduleUrl, task: task.name, args }, transfer, timeoutMs) as Promise<Awaited<R>>;
  };
}
