/**
 * The server load context (docs/public-pages.md §1): `context.api(path, init)` calls our own API
 * in-process, so a server-rendered page reads the same JSON as any other client. With React Router 8 the route types
 * see this augmentation through tsconfig's `react-router/internal` path
 * (docs/decisions/016-node-lts-and-dependency-pins.md).
 */
import type { ApiInit } from "#domain/api-init.ts";

export type { ApiInit };

declare module "react-router" {
  interface RouterContextProvider {
    api: (path: string, init?: ApiInit) => Promise<Response>;
    /** The nonce of this response's Content-Security-Policy `script-src` (entry.server.tsx); "" when none. */
    cspNonce: string;
    /** URL of the islands entry that public pages load instead of React (islands-entry.tsx); "" when none. */
    islandsEntry: string;
  }
}
