import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ServerProcess, freePort } from '../../src/server/testing/server-process';

/** Scriptor on a fresh database in `workDir`, with the narrative fake model at `modelUrl`. */
export async function startNarrativeApp(modelUrl: string, workDir: string): Promise<ServerProcess> {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  writeFileSync(
    path.join(workDir, 'models.json'),
    JSON.stringify([
      {
        model_name: 'openai:fake-small',
        descriptive_name: 'Scholar Small',
        cost_per_section: 0.02,
        free_tier: true,
      },
      {
        model_name: 'openai:fake-large',
        descriptive_name: 'Scholar Large',
        cost_per_section: 0.2,
        free_tier: false,
      },
    ]),
  );
  const server = new ServerProcess(await freePort(), {
    DATA_DIR: workDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    CORPUS_DIR: 'src/server/literature/testing',
    OPENAI_BASE_URL: modelUrl,
    DEFAULT_MODEL: 'openai:fake-small',
    BILLING: 'off',
  });
  await server.start(300_000);
  return server;
}

/** A user with the tours seen and preprints searchable (the test corpus is arXiv). */
export async function prepareAccount(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  email = 'marie@scriptor.example',
) {
  const context = await browser.newContext({ baseURL: url, viewport });
  const page = await context.newPage();
  await page.goto('/auth/signin?mode=signup');
  await page.getByLabel('Name').fill('Marie Curie');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('radioactive123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Welcome to Scriptor' }).waitFor();
  const origin = { origin: url };
  await page.request.post('/api/tours/seen', {
    data: { tours: ['landing', 'editor'] },
    headers: origin,
  });
  const { filters } = (await (await page.request.get('/api/settings/search-filters')).json()) as {
    filters: { documentTypes: Record<string, boolean> };
  };
  await page.request.put('/api/settings/search-filters', {
    data: { filters: { ...filters, documentTypes: { ...filters.documentTypes, preprint: true } } },
    headers: origin,
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const response = await page.request.post('/api/search', {
      data: { q: 'open access citation', n: 5 },
      headers: origin,
    });
    const body = (await response.json()) as { results?: unknown[] };
    if ((body.results?.length ?? 0) > 0) break;
    await page.waitForTimeout(1_000);
  }
  const state = await context.storageState();
  await context.close();
  return state;
}
