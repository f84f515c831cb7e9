/**
 * The one script of a public page (docs/decisions/046-public-pages-as-islands.md). Public pages are rendered by React
 * on the server and never hydrated: this module, loaded as a module script once the page and its first photo are on
 * screen (src/web/boot/islands-loader.boot.ts), gives the server-rendered markup its behaviour through the enhancers of
 * the islands registry (registry.ts), each of which finds its widgets by `data-island`. Only the enhancers of the
 * islands the page carries are loaded, all at once, each from its own chunk
 * (docs/decisions/127-islands-load-only-the-enhancers-a-page-has.md); heavier parts (the carousel's embla, the staff
 * session banners' React) are imported by their enhancer only when needed. The enhancers run in the registry's order
 * (the entrance first), each as soon as it and those before it are there. An enhancer that throws, or whose chunk
 * cannot be fetched, is reported and the others still run. At the end `<html data-islands="ready">` is set and a tap
 * on a button made before (marked `data-early-tap` by the early-tap script, src/web/boot/early-tap.boot.ts) is
 * replayed, so it is not lost on a slow link.
 */
import { startIslands } from "./start.ts";

void startIslands();
