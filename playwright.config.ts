/**
 * Playwright against the built app in Debian's Chromium (docs/decisions/README.md, its notes on browser tests).
 * scripts/e2e.mjs builds, picks a free port and a fresh data folder, and passes them in E2E_PORT / E2E_DATA_DIR;
 * the web server below is the production server on demo content, started and stopped by Playwright.
 */
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN } from "./e2e/fixtures/constants.ts";

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? "./data-e2e";
const appDir = process.env.E2E_APP_DIR ?? ".";
const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e-output/results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["html", { outputFolder: "e2e-output/report", open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "ar-SA",
    timezoneId: "Asia/Riyadh",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node dist/src/server/main.js",
    cwd: appDir,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED: "demo",
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      WEBHOOK_ALLOW_PRIVATE: "1",
      // Every spec posts leads from 127.0.0.1, many with one phone number, and scripts fill forms in well under a
      // second; the production limits and the minimum fill time are tested by the API suite (leads/rate-limit.test.ts).
      CONTACT_RATE_LIMIT_MAX: "1000",
      CONTACT_PERSON_RATE_LIMIT_MAX: "1000",
      CONTACT_MIN_FILL_MS: "0",
      NODE_ENV: "production",
      // The shipped compliance rules with missing licences tolerated (journeys of other areas publish projects
      // without licences); expired ones are enforced as shipped (docs/decisions/080-advertising-licences.md).
      COMPLIANCE_CONFIG: path.resolve("e2e/fixtures/compliance.json"),
      // The movable test clock (e2e/fixtures/clock.ts): accepted because HOST and PUBLIC_URL are loopback.
      TEST_CLOCK: "1",
      // The Snapchat Conversions API of e2e/conversions.spec.ts: a receiver the spec starts on this port.
      CONVERSIONS_SNAPCHAT_URL: `http://127.0.0.1:${process.env.E2E_SNAP_PORT ?? 3199}`,
      // Meta's Graph API for e2e/lead-forms.spec.ts: a stand-in the spec starts on this port.
      LEAD_FORMS_META_GRAPH_URL: `http://127.0.0.1:${process.env.E2E_META_GRAPH_PORT ?? 3198}`,
      // The mail server of e2e/visits.spec.ts (the buyer's confirmation and reminders): a receiver the spec starts.
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 3198}`,
      // The WhatsApp Cloud API stand-in of e2e/whatsapp.spec.ts (src/server/test-utils/whatsapp-cloud.ts).
      WHATSAPP_GRAPH_URL: `http://127.0.0.1:${process.env.E2E_WHATSAPP_PORT ?? 3198}/v23.0`,
      // The Moyasar stand-in of e2e/checkout.spec.ts (src/server/modules/payments/moyasar-stand-in.ts).
      PAYMENTS_MOYASAR_URL: `http://127.0.0.1:${process.env.E2E_MOYASAR_PORT ?? 3197}`,
    },
  },
});
