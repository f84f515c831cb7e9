/**
 * Whether the component has mounted in a browser: false on the server and in the first client render (so hydration
 * matches the server's markup), true from the first effect on. Public pages that React never hydrates stay false; an
 * island does in the browser what the mounted component does here (docs/decisions/049-secondary-images-after-the-first-photo.md).
 */
import { useEffect, useState } from "react";

/** Hook: false until mounted, then true. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
