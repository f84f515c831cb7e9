/**
 * The request a server-rendered page makes to our own API in-process (`context.api(path, init)`, docs/public-pages.md
 * §1): method (default GET), a JSON body, extra headers.
 */
export interface ApiInit {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
}
