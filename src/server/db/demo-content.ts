/**
 * Demo content for a first start (SEED=demo). Replaced by the full Jeddah content set.
 */
import type { Storage } from "../lib/storage.ts";
import type { Db } from "./connection.ts";

export async function seedDemoContent(_db: Db, _storage: Storage): Promise<void> {}
