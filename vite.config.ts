import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Client chunk groups (docs/performance/web.md): on a throttled phone every module request the page starts
 * before its first paint delays it, so the framework and the small modules shared by public pages travel as two
 * chunks instead of ~20. A group is one chunk loaded whole: its test names only modules that public pages use
 * (never admin screens, validation schemas or the phone-number library).
 */
const PUBLIC_SHARED =
  /[\\/]src[\\/](web[\\/](public[\\/]components[\\/](?!gallery-lightbox|image-gallery|video-embed|map-embed|projects-carousel)[^\\/]+\.tsx|public[\\/]lib[\\/](page-meta|entrance|project-display|units-view|media-embed|use-reduced-motion|use-rotating-index|use-hash-scroll|contact-result)\.ts|shared[\\/]lib[\\/](cn|whatsapp|site-origin)\.ts)|domain[\\/](constants|format|texts|media|project-rules|digits|attribution)\.ts)$|[\\/]node_modules[\\/](clsx|tailwind-merge)[\\/]/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
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
