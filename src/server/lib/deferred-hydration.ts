/**
 * Hydration after the first paint on public pages (docs/decisions/023-hydrate-after-paint-and-cacheable-pages.md,
 * docs/performance/web.md): React Router's `<Scripts>` puts a `<link rel="modulepreload">` in the head for every
 * client module of the page and an inline module script whose static `import`s fetch the route modules at once; in
 * Lighthouse's simulated phone link (1.6 Mbps, 150 ms RTT) those high-priority requests delay the first paint by
 * more than a second. The page is server-rendered and readable without JavaScript (links, native forms that post to
 * the route action), so the scripts can wait: this rewrite drops the module preloads and turns the route-modules
 * script into one that imports the same modules (in parallel, unchanged order of evaluation of the rest) after the
 * window's `load` event, or as soon as the visitor touches, clicks or types, whichever comes first.
 *
 * A tap on a button before the scripts have run (`button[type=button]` or `[role=button]`: a gallery photo, a carousel
 * arrow; links and form submits work natively) would be lost: React answers the events it sees once its root listens,
 * not the ones before. So the script remembers the last such tap made before React listens on the document (React
 * marks the container it listens on with a `_reactListening…` key) and, once that button is hydrated (React has put
 * its `__reactProps$…` key on it), clicks it again, within 600 animation frames (about 10 s) or not at all.
 *
 * The rewrite reads the script React Router 8 renders (`import * as routeN from "…";`, `import "…";`, then the
 * assignments and `import("entry")`); a script of any other shape is left as it is (the page then hydrates at once,
 * as before), so a framework upgrade can make the page slower but never break it. e2e/public.spec.ts checks that
 * public pages still hydrate and that no module preload is in their head.
 */

const PRELOAD = /<link rel="modulepreload"[^>]*\/?>/g;
// The opening tag may carry the response's CSP nonce (React Router writes it first): it is kept as it is.
const ROUTE_MODULES_SCRIPT =
  /(<script(?: nonce="[^"]*")? type="module" async=""[^>]*>)([^<]*window\.__reactRouterRouteModules[^<]*)(<\/script>)/;
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+)?("[^"\\]+")\s*;?[ \t]*$/gm;

/** The early-tap replay (see the module comment), appended to the deferred script. */
const REPLAY_EARLY_TAP =
  `const marked=(node,prefix)=>Object.keys(node).some((key)=>key.startsWith(prefix));let tapped=null;` +
  `const replay=(tries)=>{if(!tapped||!tapped.isConnected||tries>600)return;` +
  `if(marked(tapped,"__reactProps$")){const button=tapped;tapped=null;button.click();return;}` +
  `requestAnimationFrame(()=>replay(tries+1));};` +
  `const early=(event)=>{if(marked(document,"_reactListening")){removeEventListener("click",early,true);return;}` +
  `const button=event.target instanceof Element?event.target.closest('button[type="button"],[role="button"]'):null;` +
  `if(!button)return;const waiting=tapped!==null;tapped=button;if(!waiting)replay(0);};` +
  `addEventListener("click",early,true);`;

/** The module script's code with its static imports started after load (or on the first interaction). */
export function deferRouteModulesScript(code: string): string | null {
  const imports: { name: string | null; specifier: string }[] = [];
  const rest = code.replace(STATIC_IMPORT, (_line, name: string | undefined, specifier: string) => {
    imports.push({ name: name ?? null, specifier });
    return "";
  });
  if (imports.length === 0 || !rest.includes("window.__reactRouterRouteModules")) return null;
  const names = imports.map((entry, i) => entry.name ?? `_side${i}`).join(",");
  const loads = imports.map((entry) => `import(${entry.specifier})`).join(",");
  return (
    `let started=false;const start=()=>{if(started)return;started=true;` +
    `Promise.all([${loads}]).then(([${names}])=>{${rest.trim()}\n});};` +
    `if(document.readyState==="complete")start();else{addEventListener("load",start,{once:true});` +
    `for(const type of ["pointerdown","keydown","focusin"])addEventListener(type,start,{once:true,capture:true,passive:true});}` +
    REPLAY_EARLY_TAP
  );
}

/**
 * A public page's HTML with its module preloads removed and its hydration deferred (see the module comment).
 * `html` is the whole document; returns it unchanged when React Router's route-modules script is not found.
 */
export function deferHydration(html: string): string {
  const match = ROUTE_MODULES_SCRIPT.exec(html);
  if (!match) return html;
  const deferred = deferRouteModulesScript(match[2] ?? "");
  if (deferred === null) return html;
  return html.replace(ROUTE_MODULES_SCRIPT, () => `${match[1]}${deferred}${match[3]}`).replace(PRELOAD, "");
}
