/**
 * The session check and banners of SPEC §2.2 / §4.1 on a public page, loaded on demand by session-banners.island.ts
 * for a browser that may hold a staff session: the React session check (session-check.tsx) and the shared banners,
 * rendered into their own root under a memory router (the banners read the location and
 * render links). Their links leave the page as ordinary navigations: the page itself has no router.
 */
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router";
import PublicSessionCheck from "./session-check.tsx";

/** Renders the banners into `container` (an empty element of the public layout). */
export function mountSessionBanners(container: HTMLElement): void {
  // Capture phase, before React's own listener on the container: a banner's link loads its page.
  container.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) {
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      window.location.assign(link.href);
    },
    true,
  );
  createRoot(container).render(
    <MemoryRouter initialEntries={[`${window.location.pathname}${window.location.search}`]}>
      <PublicSessionCheck />
    </MemoryRouter>,
  );
}
