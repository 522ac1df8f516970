import { test as base } from '@playwright/test';
import { testDatabaseKinds } from '../../src/server/testing/test-databases';
import {
  redisReachable,
  redisUrlForTests,
  startTwoProcesses,
  type TwoProcesses,
} from '../../src/server/collaboration/testing/two-processes';
import { createPaper, editor, expect, openPaper } from './editor-helpers';
import { signUp } from './helpers';

/**
 * Issue 32: two web processes on one PostgreSQL, relayed through Redis, started by this test
 * (the configured e2e server is not used). A browser context on each types into the paper;
 * each sees the other's text.
 */

const postgres = (await testDatabaseKinds()).includes('postgres');
const redis = postgres && (await redisReachable());

/** `E2E_PROCESS_PORTS=4340,4341` fixes the two ports; otherwise free ones are taken. */
function fixedPorts(): [number, number] | undefined {
  const ports = process.env.E2E_PROCESS_PORTS?.split(',').map(Number);
  return ports?.length === 2 ? [ports[0]!, ports[1]!] : undefined;
}

const test = base.extend<object, { processes: TwoProcesses }>({
  processes: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const processes = await startTwoProcesses(
        {
          REDIS_URL: redisUrlForTests(),
          // As the configured e2e server (playwright.config.ts): the small test corpus.
          CORPUS_DIR: 'src/server/literature/testing',
          CORPUS_AUTOLOAD: 'on',
          LITERATURE_SOURCES: 'local',
        },
        fixedPorts(),
      );
      await use(processes);
      await processes.close();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});

test.describe.configure({ timeout: 180_000 });
test.skip(!redis, 'needs PostgreSQL and Redis');

const FIRST = 'Typed through the first process at full speed.';
const SECOND = 'Typed through the second process at full speed.';

test('two browsers, each on its own web process, see each other’s typing', async ({
  browser,
  processes,
}) => {
  const { first, second } = processes;
  const onFirst = await browser.newContext({ baseURL: first.url });
  const pageOnFirst = await onFirst.newPage();
  await signUp(pageOnFirst, 'Irène Joliot-Curie');
  const paper = await createPaper(
    pageOnFirst,
    'Across processes',
    '# Intro\n\nThe first paragraph.\n\nThe second paragraph.',
  );
  // The session cookie is the host's (127.0.0.1), valid on both processes' ports.
  const onSecond = await browser.newContext({
    baseURL: second.url,
    storageState: await onFirst.storageState(),
  });
  const pageOnSecond = await onSecond.newPage();
  await openPaper(pageOnFirst, 'Across processes');
  await openPaper(pageOnSecond, 'Across processes');

  await editor(pageOnFirst).getByText('The first paragraph.').click();
  await pageOnFirst.keyboard.press('End');
  await editor(pageOnSecond).getByText('The second paragraph.').click();
  await pageOnSecond.keyboard.press('End');
  await Promise.all([
    pageOnFirst.keyboard.type(` ${FIRST}`),
    pageOnSecond.keyboard.type(` ${SECOND}`),
  ]);

  for (const page of [pageOnFirst, pageOnSecond]) {
    await expect(editor(page)).toContainText(`The first paragraph. ${FIRST}`);
    await expect(editor(page)).toContainText(`The second paragraph. ${SECOND}`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await expect
    .poll(() => processes.storedContent(paper.id), { timeout: 30_000 })
    .toBe(`# Intro\n\nThe first paragraph. ${FIRST}\n\nThe second paragraph. ${SECOND}`);
  await onFirst.close();
  await onSecond.close();
});
