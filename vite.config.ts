import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { subsetFonts } from "./scripts/subset-fonts.mjs";

/** Writes the subset web fonts that src/web/app.css loads before any CSS is transformed (build and dev). */
const subsetFontsPlugin: Plugin = {
  name: "subset-fonts",
  async buildStart() {
    await subsetFonts({ root: fileURLToPath(new URL(".", import.meta.url)) });
  },
};

/**
 * Client chunk groups (docs/performance/web.md): on a throttled phone every module request the page starts
 * before its first paint delays it, so the framework and the small modules shared by public pages travel as two
 * chunks instead of ~20. A group is one chunk loaded whole: its test names only modules that every public page
 * loads (never admin screens, validation schemas or the phone-number library, nor a module public pages import on
 * demand: in the group, public-session-check.tsx pulled the admin's fetch client and TanStack Query, 25 KB
 * minified, into every visitor's page).
 */
const PUBLIC_SHARED =
  /[\\/]src[\\/](web[\\/](public[\\/]components[\\/](?!gallery-lightbox|image-gallery|video-embed|map-embed|projects-carousel|public-session-check)[^\\/]+\.tsx|public[\\/]lib[\\/](page-meta|entrance|project-display|units-view|media-embed|use-reduced-motion|use-rotating-index|use-hash-scroll|contact-result)\.ts|shared[\\/]lib[\\/](cx|whatsapp|site-origin)\.ts)|domain[\\/](constants|format|texts|media|project-rules|digits|attribution)\.ts)$|[\\/]node_modules[\\/]clsx[\\/]/;

export default defineConfig({
  plugins: [subsetFontsPlugin, tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
                { name: "public-shared", test: PUBLIC_SHARED },
              ],
            },
          },
        },
      },
    },
  },
});
