import type { Browser, Page } from '@playwright/test';
import { startApp } from './ai-fixtures';
import { chooseSectionAction, previewDialog, save } from './ai-helpers';
import { createPaper, editor, openPaper } from './editor-helpers';
import { signUp } from './helpers';
import { expect, test, watchPageErrors } from './page-test';
import {
  defaultResponder,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../../src/server/testing/fake-openai-server';
import type { ServerProcess } from '../../src/server/testing/server-process';

const CONTENT = '## Introduction\n\nSleep helps memory.\n\n## Methods\n\nWe read papers.';

async function person(browser: Browser, url: string, name: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = watchPageErrors(await context.newPage());
  const email = await signUp(page, name);
  return { page, email };
}

async function balanceOf(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/user/balance')).json()) as { balance: number })
    .balance;
}

/**
 * Issue 36: an AI job is charged to the person who starts it. A co-author (editor) runs a ✦
 * section rewrite on the owner's paper against a local fake model; billing is on, the model
 * costs $0.02 a section (ai-fixtures.ts MODELS), and every account starts with $1.00.
 */
test.describe('who pays for AI on a shared paper', () => {
  test.describe.configure({ timeout: 400_000 });
  let fake: FakeOpenAiServer | undefined;
  let app: ServerProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(400_000);
    fake = await startFakeOpenAiServer({
      models: ['fake-small', 'fake-large'],
      respond: defaultResponder,
    });
    app = await startApp('sharing-charge', {
      OPENAI_BASE_URL: fake.baseUrl,
      DEFAULT_MODEL: 'openai:fake-small',
      BILLING: 'on',
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    await fake?.close();
  });

  test('an editor’s ✦ section rewrite is charged to the editor, not to the owner', async ({
    browser,
  }) => {
    const url = app?.url ?? '';
    const owner = await person(browser, url, 'Olivia Owner');
    const coauthor = await person(browser, url, 'Eddie Editor');
    const paper = await createPaper(owner.page, 'Paid by whom', CONTENT);
    const shared = await owner.page.request.post(`/api/papers/${paper.id}/members`, {
      data: { email: coauthor.email, role: 'editor' },
    });
    expect(shared.status(), await shared.text()).toBe(201);

    await openPaper(coauthor.page, 'Paid by whom');
    await expect(coauthor.page.getByTestId('balance')).toHaveText('$1.00');
    await chooseSectionAction(coauthor.page, '1', 'Rewrite');
    const preview = previewDialog(coauthor.page);
    // The rewrite plans queries and searches the literature before it writes: on a busy
    // machine that outlasts an assertion's 10 s.
    await expect(preview.getByRole('region', { name: 'Generated Text' })).toContainText(
      'Generated section text',
      { timeout: 60_000 },
    );
    await preview.getByRole('button', { name: 'OK' }).click();
    await expect(preview).toBeHidden();
    await expect(editor(coauthor.page)).toContainText('Generated section text');
    await save(coauthor.page);

    await expect(coauthor.page.getByTestId('balance')).toHaveText('$0.98');
    await expect.poll(() => balanceOf(coauthor.page)).toBe(0.98);
    expect(await balanceOf(owner.page)).toBe(1);
    // The owner sees the co-author's rewrite in the paper, and their own balance untouched.
    await openPaper(owner.page, 'Paid by whom');
    await expect(editor(owner.page)).toContainText('Generated section text');
    await expect(owner.page.getByTestId('balance')).toHaveText('$1.00');

    for (const someone of [owner, coauthor]) await someone.page.context().close();
  });
});
