/**
 * Server rendering of a document (React Router's default Node entry), plus the Content-Security-Policy nonce: the
 * page bridge (src/server/pages/plugin.ts) puts the nonce of this response's CSP header in the load context as
 * `cspNonce`; it is handed to React (renderToPipeableStream's `nonce`, for the streaming runtime scripts), to
 * <ServerRouter> (the hydration data scripts) and, through NonceContext, to <Scripts> and <ScrollRestoration> in
 * root.tsx. An inline script without it does not run (script-src has no 'unsafe-inline'). The islands entry's URL
 * (`islandsEntry`, islands-entry.tsx) is provided the same way.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { IslandsEntryContext } from "./islands-entry.tsx";
import { NonceContext } from "./nonce.tsx";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce || undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA mode wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after `streamTimeout`, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ""}>
        <IslandsEntryContext.Provider value={loadContext.islandsEntry ?? ""}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IslandsEntryContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
