/**
 * Live inventory changes (docs/decisions/078-stacking-plan-and-bulk-generation.md): every write that changes what
 * the stacking plan shows calls `notifyInventory(tx, projectId)` — `pg_notify('inventory', projectId)` in its own
 * transaction, so it is delivered only when that transaction commits, to every instance. The plugin listens: on
 * PostgreSQL with a client of its own outside the pool (LISTEN needs one session for good), on PGlite through the
 * embedded database's own listener (in-process). Screens subscribe per project through server-sent events,
 * authenticated by a short-lived ticket (an EventSource cannot send the Bearer header): POST
 * /api/inventory/stream-ticket (inventory.view) → `{ ticket }` (sealed with SECRETS_KEY, 60 s), then
 * GET /api/projects/{id}/inventory/events?ticket=… → `text/event-stream`, one `change` event per committed change,
 * not compressed and not buffered by nginx (`X-Accel-Buffering: no`).
 */
import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import pg from "pg";
import type { Tx } from "#server/db/connection.ts";

export const INVENTORY_CHANNEL = "inventory";
/** How long a stream ticket is valid (ms). */
export const TICKET_TTL_MS = 60_000;
/** A comment line every 15 s keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;

/** Tells every instance that project `projectId`'s inventory changed (delivered when `tx` commits). */
export async function notifyInventory(tx: Tx, projectId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${INVENTORY_CHANNEL}, ${String(projectId)})`);
}

declare module "fastify" {
  interface FastifyInstance {
    /** Committed inventory changes: emits "change" with the project id. */
    inventoryChanges: EventEmitter;
  }
}

/** Listens to the database's inventory channel and re-emits each notification on `app.inventoryChanges`. */
export const inventoryLivePlugin = fp(
  async (app: FastifyInstance) => {
    const changes = new EventEmitter();
    changes.setMaxListeners(0);
    app.decorate("inventoryChanges", changes);
    // Open streams end when the app closes (they listen for "shutdown").
    app.addHook("preClose", async () => {
      changes.emit("shutdown");
    });
    const emit = (payload: string | undefined) => {
      const projectId = Number(payload);
      if (Number.isInteger(projectId)) changes.emit("change", projectId);
    };
    const connection = (app.db as unknown as { $client?: unknown }).$client;
    if (connection instanceof pg.Pool) {
      // PostgreSQL: a client of its own with the pool's settings, outside the pool (LISTEN holds its session).
      const client = new pg.Client(connection.options);
      client.on("notification", (message) => emit(message.payload));
      client.on("error", (error) => app.log.error({ err: error }, "inventory listener failed"));
      app.addHook("onReady", async () => {
        await client.connect();
        await client.query(`listen ${INVENTORY_CHANNEL}`);
      });
      app.addHook("onClose", async () => {
        await client.end().catch(() => {});
      });
      return;
    }
    const embedded = connection as PGlite | undefined;
    if (embedded && typeof embedded.listen === "function") {
      const unlisten = await embedded.listen(INVENTORY_CHANNEL, emit);
      app.addHook("onClose", async () => unlisten());
    }
  },
  { name: "inventory-live" },
);

/** Writes one SSE stream of project `projectId`'s changes to `raw` until the client goes. */
export function streamChanges(app: FastifyInstance, raw: ServerResponse, projectId: number) {
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  raw.write("retry: 2000\n\n");
  const onChange = (changed: number) => {
    if (changed === projectId) raw.write(`event: change\ndata: ${JSON.stringify({ projectId })}\n\n`);
  };
  const keepalive = setInterval(() => raw.write(": keepalive\n\n"), KEEPALIVE_MS);
  keepalive.unref();
  const stop = () => {
    clearInterval(keepalive);
    app.inventoryChanges.off("change", onChange);
    app.inventoryChanges.off("shutdown", end);
  };
  const end = () => {
    stop();
    raw.end();
  };
  app.inventoryChanges.on("change", onChange);
  app.inventoryChanges.on("shutdown", end);
  raw.on("close", stop);
}
