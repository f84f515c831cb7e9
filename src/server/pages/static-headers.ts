/**
 * Helmet settings for static files (build/client assets, fonts, /media uploads): the document-only headers (CSP,
 * COOP, Origin-Agent-Cluster, Referrer-Policy, X-Frame-Options, …) are dropped, about 1.1 KB per response on a page
 * that loads ~30 files (docs/product.md §10.3); X-Content-Type-Options: nosniff and Cross-Origin-Resource-Policy
 * stay, and Strict-Transport-Security follows the global setting. Use as a route's `helmet` option.
 */
export const STATIC_FILE_HELMET = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;
