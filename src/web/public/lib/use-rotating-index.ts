/**
 * The rotating word of the home hero (SPEC §2.3, WORD_ROTATION_INTERVAL_MS = 1500 ms).
 */
import { useEffect, useState } from "react";

/**
 * Hook: an index 0…count-1 that advances every `intervalMs` while `running` is true, wrapping around.
 * Starts at 0, so the server renders the first word and hydration matches.
 */
export function useRotatingIndex(count: number, intervalMs: number, running: boolean): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, intervalMs, running]);
  return count > 0 ? index % count : 0;
}
