/**
 * Worker thread entry of readSheetInWorker (sheet.ts): receives {kind, bytes} as workerData, posts back
 * guardAndRead's answer ({ok: true, sheet} or {ok: false, status, message}) and ends.
 */
import { parentPort, workerData } from "node:worker_threads";
import { guardAndRead, type SpreadsheetKind } from "./sheet.ts";

const { kind, bytes } = workerData as { kind: SpreadsheetKind; bytes: Uint8Array };
parentPort?.postMessage(guardAndRead(kind, bytes));
