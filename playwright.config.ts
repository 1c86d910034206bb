import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { A11Y_ADMIN_EMAIL, decidedConsentState, PHONE_ADMIN_EMAIL } from './e2e/fixtures.ts';
import { serverLogFile } from './e2e/server-log.ts';

/**
 * End-to-end tests drive the built app (`npm run build` first; `npm run test:e2e` does it
 * when needed) in Debian's Chromium headless shell (`chromium-headless-shell`, the same
 * Chromium version as `chromium`: docs/decisions/0032-e2e-at-the-browsers-pace.md), against a
 * server on a throwaway embedded database.
 * One project: desktop 1280×800 by default; phone specs set their own viewport with
 * `test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })`.
 * Retries stay at 0, on CI too: a flaky test is a bug to fix, not to retry.
 *
 * Budgets (docs/decisions/0015-tests-that-never-cry-wolf.md) are sized for a busy 2-core
 * machine, where a test takes two to three times as long as on an idle one: 60 s per test
 * (the longest walks, 15 s idle, say `test.setTimeout(120_000)` and why), 10 s for a state to
 * come. A real hang still ends within a minute. On CI the whole run stops after 50 minutes
 * (`globalTimeout` below).
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;

// The config is evaluated by the runner and again by each worker; workers inherit the
// runner's environment, so the folder is created once and shared. Tests can read it from
// E2E_DATA_DIR (the dev mailbox, for example). The runner removes it when it exits.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nutricarte-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR!;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  // A bound for a run that hangs, not a budget: the suite took about 10 minutes on the idle
  // machines of 2026-11-25, 30 on the slower one of 2026-11-27 (where 30 minutes cut it short
  // with every test passed), 7 on 2026-11-28's evening host. CI's whole run has 90 minutes.
  globalTimeout: process.env.CI ? 50 * 60_000 : 0,
  reporter: 'list',
  // A 5xx or an error in the server's output fails the run (e2e/global-teardown.ts).
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: BASE_URL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // Pages are seen as by a visitor who asked the system for less motion: sonner's toasts then
    // appear without their 0.4 s slide, which every click on a toast's « × » waited for (a
    // quarter of the longest walks). e2e/phone.spec.ts's toast test keeps the motion.
    // docs/decisions/0032-e2e-at-the-browsers-pace.md.
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 800 },
    // The cookie choice is already made: e2e/consent-legal.spec.ts starts from an empty state.
    storageState: decidedConsentState(BASE_URL),
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: each action with the page's DOM, the network and the
    // console. Not the screencast: its frames, drawn for every test whether it fails or not,
    // cost a quarter of the run (two spec files: 2.2 min with them, 1.7 without, 1.6 with no
    // trace; the GPU and browser processes used 3,400 % CPU-seconds with it, 1,500 without).
    // The screenshot above still shows the page at the failure.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      // The headless shell, not /usr/bin/chromium: the same tests for a quarter less CPU
      // (docs/decisions/0032-e2e-at-the-browsers-pace.md). scripts/test.mjs installs it.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        // Only the local server is reachable: no test can depend on the internet. Without
        // `EXCLUDE localhost` the base URL itself would not resolve (ERR_NAME_NOT_RESOLVED).
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // The built server, its output copied to E2E_SERVER_LOG for e2e/global-teardown.ts.
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    // A fresh data folder loads Ciqual before the server answers: about 10 s on an idle machine,
    // a minute on a busy one. scripts/e2e-server.mjs starts from a stored copy of that folder once
    // one run has made it (15 s on the busy one). The bound only stops a server that never starts.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      DATA_DIR: dataDir,
      E2E_SERVER_LOG: serverLogFile(dataDir),
      PORT: String(PORT),
      PUBLIC_ORIGIN: BASE_URL,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      // Whatever the shell holds, e2e runs on the embedded database with the demo providers.
      DATABASE_URL: '',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      BREVO_API_KEY: '',
      // A pixel id: e2e/consent-legal.spec.ts proves it loads only after « Tout accepter »
      // (the resolver rule blocks facebook, but Chromium still reports the request).
      META_PIXEL_ID: '1234567890',
      // The legal pages' publisher; the unset fields must drop their lines.
      LEGAL_COMPANY_NAME: 'Cuisine Claire SAS',
      LEGAL_FORM: 'SAS au capital de 1 000 €',
      LEGAL_ADDRESS: '12 rue des Halles, 75001 Paris',
      LEGAL_CONTACT_EMAIL: 'contact@cuisine-claire.fr',
      LEGAL_REGISTRATION: '',
      LEGAL_PUBLICATION_DIRECTOR: '',
      LEGAL_HOST: '',
      // The second address is e2e/phone.spec.ts's admin (the admin page at 360 px), the third
      // e2e/accessibility.spec.ts's.
      ADMIN_EMAILS: `${process.env.E2E_ADMIN_EMAILS ?? 'admin@e2e.nutricarte.test'},${PHONE_ADMIN_EMAIL},${A11Y_ADMIN_EMAIL}`,
    },
  },
});
