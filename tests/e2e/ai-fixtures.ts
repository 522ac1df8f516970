import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test as base, expect } from './page-test';
import {
  evidenceIds,
  startFakeOpenAiServer,
  type ChatRequest,
  type FakeAnswer,
  type FakeOpenAiServer,
} from '../../src/server/testing/fake-openai-server';
import { fakeStructureAnswer } from '../../src/server/testing/fake-structure-answer';
import { ServerProcess, freePort } from '../../src/server/testing/server-process';
import { signUp } from './helpers';

export { expect };

type StorageState = Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>;

/** The catalogue the AI server offers (README "AI providers"): one free model, one paid. */
export const MODELS = [
  {
    model_name: 'openai:fake-small',
    descriptive_name: 'Fake Small',
    cost_per_section: 0.02,
    free_tier: true,
  },
  {
    model_name: 'openai:fake-large',
    descriptive_name: 'Fake Large',
    cost_per_section: 0.2,
    free_tier: false,
  },
];

/** What the fake model answers in a test: the writing text, the judge's certainty. */
export interface Script {
  /** The text for a writing request, as chunks; `cite` is the first evidence id. */
  write: (request: ChatRequest, cite: string) => FakeAnswer;
  certainty: number;
}

export const defaultScript: Script = {
  write: (_request, cite) => ({
    kind: 'text',
    chunks: ['Open access ', 'articles are cited ', `more often [${cite}].`],
  }),
  certainty: 0.9,
};

/**
 * Answers like a cooperative model over the small test corpus: literature queries the corpus
 * can answer (open access and citations), verdicts with the script's certainty, and the
 * script's text for writing and summaries.
 */
function responder(script: () => Script) {
  return (request: ChatRequest): FakeAnswer => {
    const properties = request.body.response_format?.json_schema?.schema?.properties ?? {};
    if ('queries' in properties) {
      return {
        kind: 'json',
        value: { queries: ['open access citation advantage', 'citation impact of open access'] },
      };
    }
    if ('sections' in properties) return fakeStructureAnswer(request.prompt);
    if ('subsections' in properties) return subsectionsAnswer(request);
    if ('certainty' in properties) {
      return {
        kind: 'json',
        value: {
          certainty: script().certainty,
          reasoning: 'The abstract reports more citations for open access articles.',
          evidence: '',
        },
      };
    }
    const [first] = evidenceIds(request.prompt);
    return script().write(request, first ?? 'ref_missing0');
  };
}

/**
 * A refinement's answer for one heading (the Comprehensive Paper modal) in the same protocol:
 * three subsections, each with a purpose and two of the works listed as evidence.
 */
function subsectionsAnswer(request: ChatRequest): FakeAnswer {
  const ids = evidenceIds(request.prompt);
  const heading = /Heading to expand: ([^\n(]+?)(?: \(purpose|\n|$)/.exec(request.prompt)?.[1];
  return {
    kind: 'json',
    value: {
      subsections: [1, 2, 3].map((part) => ({
        title: `${heading ?? 'Heading'}: aspect ${part}`,
        purpose: `Covers aspect ${part} of ${heading ?? 'the heading'}.`,
        works: ids.slice(part - 1, part + 1),
      })),
    },
  };
}

let currentScript = defaultScript;

/** The AI server's administrator, who may type any provider-qualified model id (002 §6). */
export const AI_ADMIN = 'ai-admin@scriptor.test';

/**
 * A Scriptor server with the catalogue above, billing off unless `env` says otherwise (a test
 * of who pays sets BILLING: 'on'); `env` names the model provider.
 */
export async function startApp(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = path.join('.tmp', `e2e-${name}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, 'models.json'), JSON.stringify(MODELS));
  const server = new ServerProcess(await freePort(), {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    CORPUS_DIR: 'src/server/literature/testing',
    // Each test page plays its own client address, as on the suite's server (helpers.ts).
    TRUSTED_PROXIES: 'loopback',
    // Charges and free-tier limits have their own browser tests (billing*.spec.ts); here every
    // catalogue model must be choosable by a new account.
    BILLING: 'off',
    ...env,
  });
  // Beside the suite's server and other work on the machine, start-up can take minutes.
  await server.start(300_000);
  return server;
}

/**
 * Signs a user up on `url`, lets their searches include preprints (the test corpus is arXiv) and
 * waits until the corpus is searchable there.
 */
async function account(browser: Browser, url: string): Promise<StorageState> {
  const page = await browser.newPage({ baseURL: url });
  await signUp(page);
  const { filters } = (await (await page.request.get('/api/settings/search-filters')).json()) as {
    filters: { documentTypes: Record<string, boolean> };
  };
  const saved = await page.request.put('/api/settings/search-filters', {
    data: { filters: { ...filters, documentTypes: { ...filters.documentTypes, preprint: true } } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const response = await page.request.post('/api/search', {
          data: { q: 'open access citation', n: 5 },
        });
        const body = (await response.json()) as { results?: unknown[] };
        return body.results?.length ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  const state = await page.context().storageState();
  await page.close();
  return state;
}

interface AiWorkerFixtures {
  fakeServer: FakeOpenAiServer;
  aiApp: ServerProcess;
  aiAccount: StorageState;
}

/**
 * Tests against a Scriptor server whose OpenAI-compatible provider is a local fake model
 * (src/server/testing/fake-openai-server.ts), started per worker beside the suite's own server.
 * `script` sets what the model answers in the test.
 */
export const test = base.extend<
  { fake: FakeOpenAiServer; script: (script: Partial<Script>) => void },
  AiWorkerFixtures
>({
  fakeServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture needs from the pattern
    async ({}, use) => {
      const fake = await startFakeOpenAiServer({ models: ['fake-small', 'fake-large'] });
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  aiApp: [
    async ({ fakeServer }, use) => {
      const server = await startApp('ai', {
        OPENAI_BASE_URL: fakeServer.baseUrl,
        DEFAULT_MODEL: 'openai:fake-small',
        ADMIN_EMAILS: AI_ADMIN,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 330_000 },
  ],
  aiAccount: [
    async ({ browser, aiApp }, use) => use(await account(browser, aiApp.url)),
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ aiApp }, use) => use(aiApp.url),
  storageState: async ({ aiAccount }, use) => use(aiAccount),
  fake: [
    async ({ fakeServer }, use) => {
      fakeServer.chats.length = 0;
      currentScript = defaultScript;
      fakeServer.respond = responder(() => currentScript);
      await use(fakeServer);
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture needs from the pattern
  script: async ({}, use) => {
    await use((changes) => {
      currentScript = { ...defaultScript, ...changes };
    });
  },
});

/**
 * Tests against the suite's own server (playwright.config.ts), which has no model provider
 * configured: the offline engine. The fixture checks that, so a configuration change cannot
 * turn these into tests of something else.
 */
export const offlineTest = base.extend<
  { sharedSessionKept: void },
  { offlineAccount: StorageState }
>({
  offlineAccount: [
    async ({ browser }, use, workerInfo) => {
      const url = workerInfo.project.use.baseURL ?? '';
      const state = await account(browser, url);
      const page = await browser.newPage({ baseURL: url, storageState: state });
      const models = await (await page.request.get('/api/models/available')).json();
      expect(models, 'the suite server must have no AI provider').toMatchObject({
        aiAvailable: false,
      });
      await page.close();
      await use(state);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  storageState: async ({ offlineAccount }, use) => use(offlineAccount),
  // Every test of the worker runs as its one account: a test that signs it out ends the session
  // of every later test in the worker (they open on the landing page, as wizard-alerts once did
  // in CI). Such a test must sign up its own user; this names the one that did not.
  sharedSessionKept: [
    async ({ playwright, offlineAccount, baseURL }, use) => {
      await use();
      const request = await playwright.request.newContext({
        baseURL,
        storageState: offlineAccount,
      });
      const status = (await request.get('/api/me')).status();
      await request.dispose();
      expect(status, 'this test ended the session shared by the worker’s tests').toBe(200);
    },
    { auto: true },
  ],
});

/**
 * Deletes the account's research conversations. The worker's tests share one account, and a
 * test that opens on the chat's empty state must not depend on which tests ran before it.
 */
export async function deleteConversations(request: APIRequestContext) {
  const { conversations } = (await (await request.get('/api/conversations')).json()) as {
    conversations: { id: string }[];
  };
  for (const { id } of conversations) {
    expect((await request.delete(`/api/conversations/${id}`)).status()).toBe(204);
  }
}
