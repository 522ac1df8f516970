import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files run in three workers against one server (each test signs up its own user); tests in
  // a file run in order. A test spends much of its time waiting on the page and the server, so
  // a third worker on CI's two cores shortens the run (E2E_WORKERS sets another number).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      // The machine has no network beyond localhost: keep Chromium from dialling out.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command:
      'rm -rf .tmp/e2e-data && npm run build --silent && node --import tsx src/server/main.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 400_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: '.tmp/e2e-data',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // A small known corpus (36 arXiv records) loads in a second; the bundled one takes a minute.
      CORPUS_DIR: 'src/server/literature/testing',
      // Each test user's page plays its own machine behind a proxy (helpers.ts, signUp).
      TRUSTED_PROXIES: 'loopback',
      // Billing tests: an administrator, and the test-only route that spends a balance.
      ADMIN_EMAILS: 'admin@scriptor.test,web-admin@scriptor.test',
      SCRIPTOR_TEST_ROUTES: '1',
      // The library and an arXiv address where nothing listens: the pane names who did not answer.
      LITERATURE_SOURCES: 'local,arxiv',
      ARXIV_URL: 'http://127.0.0.1:9/api',
    },
  },
});
