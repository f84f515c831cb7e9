/**
 * Where the staff session banners of SPEC §2.2 / §4.1 go on a public page: an empty container the island
 * (session-banners.island.ts) fills for a browser that may hold a staff session. Visitors load nothing more.
 */
import { SESSION_BANNERS } from "./contract.ts";

export function SessionBannersSlot() {
  return <div data-island={SESSION_BANNERS.island} />;
}
