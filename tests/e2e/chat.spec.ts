import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { evidenceIds, type ChatRequest } from '../../src/server/testing/fake-openai-server';
import { defaultScript, deleteConversations, test, expect } from './ai-fixtures';
import { test as plainTest, watchPageErrors } from './page-test';
import { createPaper, cursorAtEnd, editor, openPaper, storedPaper } from './editor-helpers';
import { expectTopmost, signUp, useOwnClientAddress } from './helpers';
import { referencesPane, resultButtons, resultCount, searchLiterature } from './references-helpers';

const SAMPLE = 'Are articles that are freely available online cited more often?';
const ANSWER_WAIT = { timeout: 45_000 };

function chat(page: Page) {
  return page.getByRole('dialog', { name: 'Research Assistant' });
}

async function openChat(page: Page) {
  await page.goto('/');
  const button = page.locator('.sidebar').getByRole('button', { name: 'Open Chat', exact: true });
  await expectTopmost(button);
  await button.click();
  await expect(chat(page)).toBeVisible();
}

const isAnswer = (request: ChatRequest) =>
  !request.body.response_format && request.prompt.includes('You are a research assistant');

function answers(page: Page) {
  return chat(page).getByRole('article', { name: 'Research assistant message' });
}

/** The requests the page sends whose URL contains `part`, in the order it sends them. */
function requestsTo(page: Page, part: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && request.url().includes(part)) seen.push(request.url());
  });
  return seen;
}

/**
 * Waits until the page has sent a request issued after this call, so every request the page
 * sent before it has been seen by `requestsTo`'s listeners (the browser reports them in order).
 */
async function settle(page: Page) {
  const marker = page.waitForRequest((request) => request.url().endsWith('/api/health'));
  await page.evaluate(() => void fetch('/api/health'));
  await marker;
}

test('a sample question becomes a cited answer whose citation opens the work with its certainty', async ({
  page,
  browser,
  aiApp,
}) => {
  // An answer's 5 s polls, the clipboard, and a second browser signing in.
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await deleteConversations(page.request);
  await openChat(page);
  await expect(chat(page).getByText('No conversations yet')).toBeVisible();
  const samples = chat(page).getByRole('group', { name: 'Sample questions' }).getByRole('button');
  await expect(samples).toHaveCount(4);
  const sample = samples.filter({ hasText: SAMPLE });
  await expectTopmost(sample);
  await sample.click();
  await expect(chat(page).getByText('Processing your request...')).toBeVisible();
  await expect(chat(page).getByText(/Analyzing thousands of papers/)).toBeVisible();

  const answer = answers(page).first();
  await expect(answer).toContainText('Open access articles are cited more often', ANSWER_WAIT);
  await expect(chat(page).getByText('Processing your request...')).toHaveCount(0);
  const label = answer.locator('[data-ref-id]').first();
  await expect(label).toHaveText(/\d{4}|n\.d\./);
  await expectTopmost(label);
  await label.click();
  const modal = page.getByRole('dialog').filter({ hasText: 'Certainty:' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Abstract' })).toBeVisible();
  await expect(modal.locator('.reference-details')).toContainText(/open access/i);
  await expect(modal.getByText('Certainty:')).toBeVisible();
  await expect(
    modal.getByText('The abstract reports more citations for open access articles.'),
  ).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Insert citation' })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(modal).toHaveCount(0);

  const copy = answer.getByRole('button', { name: 'Copy' });
  await copy.click();
  await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^Open access articles are cited more often \[ref_[a-z0-9]{8}\]\.$/);
  await expect(answer.getByRole('button', { name: 'Copy' })).toBeVisible();

  // The next day: a new login in a fresh browser finds the conversation and its answer.
  const me = (await (await page.request.get('/api/me')).json()) as { user: { email: string } };
  // Without the test's stored session: this browser has never been signed in.
  const nextDay = await browser.newContext({
    baseURL: aiApp.url,
    storageState: { cookies: [], origins: [] },
  });
  const later = watchPageErrors(await nextDay.newPage());
  await useOwnClientAddress(later);
  await later.goto('/auth/signin');
  await later.getByLabel('Email').fill(me.user.email);
  await later.getByLabel('Password').fill('radioactive123');
  await later.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(later.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
  await openChat(later);
  const listed = chat(later)
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', {
      name: /^Are articles that are freely/,
    });
  await expectTopmost(listed);
  await listed.click();
  await expect(answers(later).first()).toContainText('Open access articles are cited more often');
  await expect(answers(later).first().locator('[data-ref-id]')).toHaveCount(1);
  await nextDay.close();
});

test("the answer's first words show while the model is still writing it", async ({
  page,
  fake,
  script,
}) => {
  // The model sends its first words, then holds the rest until the test has seen them.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // Only the answer is held: the chat's other text calls (the intent, Suggest) answer at once.
  script({
    write: (request, cite) =>
      isAnswer(request)
        ? {
            kind: 'text',
            chunks: ['Open access articles ', 'are cited ', `more often [${cite}].`],
            laterChunksAfter: held,
          }
        : defaultScript.write(request, cite),
  });
  const sent = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/chat/v2'),
  );
  await openChat(page);
  const input = chat(page).getByRole('textbox', { name: 'Your question' });
  await input.fill(SAMPLE);
  await input.press('Enter');
  const { jobId } = (await (await sent).json()) as { jobId: string };

  const writing = chat(page).getByRole('article', { name: 'Answer being written' });
  await expect(writing).toContainText('Open access articles', ANSWER_WAIT);
  // Seen while the model still holds the rest: nothing stored yet, the job still streaming.
  await expect(writing).not.toContainText('are cited');
  await expect(answers(page)).toHaveCount(0);
  await expect(chat(page).getByText('Processing your request...')).toBeVisible();
  const status = (await (await page.request.get(`/api/chat/v2?jobId=${jobId}`)).json()) as {
    status: string;
  };
  // Not ended: the 'streaming' stage is written beside the first piece, so either may show.
  expect(['processing', 'streaming']).toContain(status.status);
  expect(fake.chats.filter(isAnswer)).toHaveLength(1);

  release();
  // The stored answer, with its checked citation, replaces the text being written.
  const answer = answers(page).first();
  await expect(answer).toContainText('Open access articles are cited more often', ANSWER_WAIT);
  await expect(answer.locator('[data-ref-id]')).toHaveCount(1);
  await expect(writing).toHaveCount(0);
  await expect(chat(page).getByText('Processing your request...')).toHaveCount(0);
  await expect(answers(page)).toHaveCount(1);
});

test('Ask about these papers opens the chat on the listed or the selected papers, and the answer cites them', async ({
  page,
  fake,
  script,
}) => {
  // The answer cites every work it was given, each in its own brackets.
  script({
    write: (request) => ({
      kind: 'text',
      chunks: [
        'These papers study citation counts ',
        `${evidenceIds(request.prompt)
          .map((id) => `[${id}]`)
          .join(' ')}.`,
      ],
    }),
  });
  await page.goto('/');
  await searchLiterature(page, 'open access citation advantage');
  const found = await resultCount(page);
  const ask = referencesPane(page).getByRole('button', { name: 'Ask about these papers' });
  await expectTopmost(ask);
  await ask.click();
  // Nothing ticked: the results listed are the context.
  await expect(chat(page).getByText(`Asking about ${Math.min(found, 50)} papers`)).toBeVisible();
  await chat(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(chat(page)).toHaveCount(0);

  const titles: string[] = [];
  for (const index of [0, 1]) {
    const result = resultButtons(page).nth(index);
    const title = (await result.locator('.result-title').textContent()) ?? '';
    titles.push(title);
    await expectTopmost(result);
    await result.click();
    const details = page.getByRole('dialog', { name: title });
    await expect(details).toBeInViewport({ ratio: 1 });
    await expectTopmost(details.getByLabel('Select this paper'));
    await details.getByLabel('Select this paper').check();
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(details).toHaveCount(0);
  }
  await expectTopmost(ask);
  await ask.click();
  await expect(chat(page)).toBeInViewport({ ratio: 1 });
  await expect(chat(page).getByText('Asking about 2 papers')).toBeVisible();
  const input = chat(page).getByRole('textbox', { name: 'Your question' });
  await input.fill('What do these papers find?');
  await input.press('Enter');
  const answer = answers(page).first();
  await expect(answer).toContainText('These papers study citation counts', ANSWER_WAIT);
  const asked = fake.chats.filter(isAnswer);
  expect(asked).toHaveLength(1);
  expect(evidenceIds(asked[0]!.prompt)).toHaveLength(2);

  // Each citation opens one of the two selected papers, and both are cited.
  const labels = answer.locator('[data-ref-id]');
  await expect(labels).toHaveCount(2);
  const opened: string[] = [];
  for (const index of [0, 1]) {
    const label = labels.nth(index);
    await expectTopmost(label);
    await label.click();
    const modal = page.getByRole('dialog').filter({ hasText: 'Certainty:' });
    await expect(modal).toBeInViewport({ ratio: 1 });
    opened.push((await modal.locator('.modal-title').textContent()) ?? '');
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(modal).toHaveCount(0);
  }
  expect(opened.sort()).toEqual([...titles].sort());
});

test('editing a question resends it; conversations can be searched and deleted', async ({
  page,
  script,
}) => {
  // The first answer is held while the test types into the pending chat, and the answer to
  // the edited question until its old answer is seen gone: with answers streamed, a model that
  // answers at once would end each pending state before it is seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let releaseResent = () => {};
  const resentHeld = new Promise<void>((resolve) => (releaseResent = resolve));
  const chunks = (cite: string) => ['Open access articles ', `are cited more often [${cite}].`];
  script({
    write: (request, cite) => {
      if (!isAnswer(request)) return defaultScript.write(request, cite);
      return request.prompt.includes('citation advantage in physics')
        ? { kind: 'text', chunks: chunks(cite), firstChunkAfter: resentHeld }
        : { kind: 'text', chunks: chunks(cite), laterChunksAfter: held };
    },
  });
  await openChat(page);
  const input = chat(page).getByRole('textbox', { name: 'Your question' });
  const send = chat(page).getByRole('button', { name: 'Send', exact: true });
  const questions = chat(page).getByRole('article', { name: 'You message' });
  // An empty input is ignored (002 §5).
  await input.fill('   ');
  await expect(send).toBeDisabled();
  await input.press('Enter');
  await expect(questions).toHaveCount(0);
  await input.fill('Do open access articles receive more citations?');
  await send.click();
  // While the request is pending nothing more is sent; what is typed is kept.
  await expect(chat(page).getByText('Processing your request...')).toBeVisible();
  await input.fill('And in physics?');
  await expect(send).toBeDisabled();
  await input.press('Enter');
  await expect(questions).toHaveCount(1);
  release();
  await expect(answers(page)).toHaveCount(1, ANSWER_WAIT);
  await expect(questions).toHaveCount(1);
  await expect(input).toHaveValue('And in physics?');
  await input.fill('');

  const question = chat(page).getByRole('article', { name: 'You message' });
  await question.getByRole('button', { name: 'Edit' }).click();
  const edit = question.getByRole('textbox', { name: 'Edit message' });
  await edit.fill('Is there an open access citation advantage in physics?');
  await edit.press('Escape');
  await expect(chat(page)).toBeVisible();
  await expect(question).toContainText('Do open access articles receive more citations?');

  await question.getByRole('button', { name: 'Edit' }).click();
  await question
    .getByRole('textbox', { name: 'Edit message' })
    .fill('Is there an open access citation advantage in physics?');
  await question.getByRole('textbox', { name: 'Edit message' }).press('Enter');
  await expect(question).toContainText('open access citation advantage in physics');
  await expect(answers(page)).toHaveCount(0);
  releaseResent();
  await expect(answers(page)).toHaveCount(1, ANSWER_WAIT);
  const stored = await page.request.get('/api/conversations');
  const { conversations } = (await stored.json()) as { conversations: { id: string }[] };
  const detail = (await (
    await page.request.get(`/api/conversations/${conversations[0]!.id}`)
  ).json()) as {
    messages: { content: string }[];
  };
  expect(detail.messages.map((message) => message.content.slice(0, 26))).toEqual([
    'Is there an open access ci',
    'Open access articles are c',
  ]);

  const list = chat(page).getByRole('navigation', { name: 'Conversations' });
  const search = list.getByRole('searchbox', { name: 'Search chats' });
  await search.fill('zebra migration');
  await expect(list.getByText('No conversations found')).toBeVisible();
  // Found by its messages: the title stays the one its first question gave it.
  await search.fill('physics');
  const entry = list.getByRole('button', {
    name: 'Delete conversation Do open access articles receive more citations?',
  });
  await expect(entry).toBeVisible();
  await entry.click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete this conversation?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByText('No conversations found')).toBeVisible();
  await search.fill('');
  // The worker's account keeps the other tests' conversations; this one is gone.
  await expect(list.getByRole('button', { name: /^Do open access articles receive/ })).toHaveCount(
    0,
  );
  await expect(chat(page).getByRole('group', { name: 'Sample questions' })).toBeVisible();
});

test('Suggest turns a createPaper action into a paper through the wizard, filled in', async ({
  page,
}) => {
  await openChat(page);
  await chat(page).getByRole('textbox', { name: 'Your question' }).fill(SAMPLE);
  await chat(page).getByRole('textbox', { name: 'Your question' }).press('Enter');
  await expect(answers(page)).toHaveCount(1, ANSWER_WAIT);
  const suggest = chat(page).getByRole('button', { name: 'Suggest', exact: true });
  await suggest.click();
  const actions = chat(page).getByRole('group', { name: 'Suggested actions' });
  // A userMessage action sends its question.
  const methods = actions.getByRole('button', { name: 'Ask about methods' });
  await expectTopmost(methods);
  await methods.click();
  await expect(actions).toHaveCount(0);
  await expect(chat(page).getByRole('article', { name: 'You message' }).last()).toHaveText(
    /^Which study designs and methods were used in research on Are articles that are freely/,
  );
  await expect(answers(page)).toHaveCount(2, ANSWER_WAIT);
  await suggest.click();
  const review = actions.getByRole('button', { name: 'Write a literature review' });
  await expect(review).toBeVisible();
  // The suggestions are kept with the answer: reopened the next day, the conversation offers them.
  await page.reload();
  await openChat(page);
  const entry = chat(page)
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: /^Are articles that are freely available/ })
    // Newest first: this test's conversation (the user's earlier ones may share its title).
    .first();
  await expectTopmost(entry);
  await entry.click();
  await expect(answers(page)).toHaveCount(2);
  await expectTopmost(review);
  await review.click();
  await expect(chat(page)).toHaveCount(0);
  // The wizard opens on a scientific paper with the suggestion's properties filled in.
  const dialog = page.getByRole('dialog', { name: 'Create New Paper' });
  await expect(dialog.getByRole('radio', { name: /^Scientific paper/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue(
    'A literature review: Are articles that are freely available online cited more',
  );
  await expect(dialog.getByLabel('Research Methodology')).toHaveValue('Literature review');
  await dialog.getByLabel('Description').fill('Open access and citation counts');
  await dialog.getByLabel('Scientific Field').fill('Information Science');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: 'Upload files' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(dialog.getByTestId('structure-node').first()).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Paper title' })).toHaveValue(
    /^A literature review: Are articles/,
  );
});

test('the conversation downloads as a PDF with its references', async ({ page }) => {
  await openChat(page);
  await chat(page)
    .getByRole('group', { name: 'Sample questions' })
    .getByRole('button')
    .first()
    .click();
  await expect(answers(page)).toHaveCount(1, ANSWER_WAIT);
  // The printer failing: the alert of 002 §8.
  await page.route('**/api/html-pdf', (route) =>
    route.fulfill({ status: 503, json: { error: 'The PDF printer is not available' } }),
  );
  await chat(page).getByRole('button', { name: 'Download PDF' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Failed to export conversation to PDF. Please try again.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toHaveCount(0);
  await page.unroute('**/api/html-pdf');
  const downloading = page.waitForEvent('download');
  await chat(page).getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^research-assistant-conversation-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // Working links: the citation to its reference list entry, the entry to the work.
  const pdf = bytes.toString('latin1');
  expect(pdf).toMatch(/\/Dest \/work-ref_[a-z0-9]{8}/);
  expect(pdf).toMatch(/\/URI \(https:\/\/(doi\.org|arxiv\.org\/abs)\//);
});

plainTest(
  'while the balance cannot pay a message the input and Suggest are disabled',
  async ({ page }) => {
    await signUp(page);
    const balance = (await (await page.request.get('/api/user/balance')).json()) as {
      balance: number;
    };
    const spend = await page.request.post('/api/test/billing/charge', {
      data: {
        key: `spend-${Date.now()}`,
        amountMicros: Math.round((balance.balance - 0.01) * 1e6),
      },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(spend.status()).toBe(200);
    await page.reload();
    await page.locator('.welcome').getByRole('button', { name: 'Open Chat' }).click();
    const input = chat(page).getByRole('textbox', { name: 'Your question' });
    await expect(input).toBeDisabled();
    await expect(input).toHaveAttribute('placeholder', 'Insufficient balance - Top up to continue');
    await expect(chat(page).getByRole('button', { name: 'Suggest', exact: true })).toBeDisabled();
    await expect(chat(page).getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    // Top Up is within reach in the chat, its popover inside the window.
    const topUp = chat(page).getByRole('button', { name: 'Top Up', exact: true });
    await expectTopmost(topUp);
    await expect(topUp).toHaveAttribute('title', /^Balance: \$0\.01\./);
    await topUp.click();
    const popover = chat(page).getByRole('dialog', { name: 'Insufficient Balance' });
    await expect(popover).toBeInViewport({ ratio: 1 });
    await expectTopmost(popover.getByRole('button', { name: 'Top Up Credits' }));
  },
);

test('the chat keeps its times: 5 s polls without the stream, a 300 ms search pause, Copied for 2 s; the input grows to 120 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // Web pages among the sources: the processing note names websites too.
  const current = (await (await page.request.get('/api/settings/search-filters')).json()) as {
    filters: { documentTypes: Record<string, boolean> };
  };
  const withWeb = {
    ...current.filters,
    documentTypes: { ...current.filters.documentTypes, web: true },
  };
  expect(
    (await page.request.put('/api/settings/search-filters', { data: { filters: withWeb } })).ok(),
  ).toBe(true);
  try {
    await page.clock.install();
    await openChat(page);
    await expect(
      chat(page).getByText(
        /^Ask a research question\. The assistant searches the scientific literature/,
      ),
    ).toBeVisible();

    // One line fits without scrolling; more lines grow the input up to 120 px, then it scrolls.
    const input = chat(page).getByRole('textbox', { name: 'Your question' });
    const measure = () =>
      input.evaluate((area) => ({
        height: area.getBoundingClientRect().height,
        scrolls: area.scrollHeight > area.clientHeight,
      }));
    await input.fill('One line');
    const one = await measure();
    expect(one.scrolls).toBe(false);
    await input.fill('First line\nSecond line\nThird line');
    const three = await measure();
    expect(three.height).toBeGreaterThan(one.height);
    expect(three.scrolls).toBe(false);
    await input.fill(Array.from({ length: 12 }, (_, i) => `Line ${i + 1}`).join('\n'));
    expect(await measure()).toEqual({ height: 120, scrolls: true });

    // The answer's stream cannot be opened here (as behind a proxy that buffers it), so the
    // page learns of the answer by the spec's poll, its fallback.
    await page.route('**/api/chat/v2/stream?*', (route) => route.abort());
    // From here on the page's time moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 1_000);
    const polls = requestsTo(page, '/api/chat/v2?jobId=');
    await input.fill(SAMPLE);
    const sent = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith('/api/chat/v2'),
    );
    await chat(page).getByRole('button', { name: 'Send', exact: true }).click();
    const { jobId } = (await (await sent).json()) as { jobId: string };
    await expect(chat(page).getByText('Processing your request...')).toBeVisible();
    await expect(chat(page).getByText(/^Analyzing thousands of papers and websites/)).toBeVisible();
    // Answered on the server; the page learns it at its next poll, 5 s after sending.
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`/api/chat/v2?jobId=${jobId}`)).json()) as {
              status: string;
            }
          ).status,
        ANSWER_WAIT,
      )
      .toBe('completed');
    await page.clock.runFor(4_999);
    await settle(page);
    expect(polls).toEqual([]);
    await expect(answers(page)).toHaveCount(0);
    const polled = page.waitForResponse((response) =>
      response.url().includes('/api/chat/v2?jobId='),
    );
    await page.clock.runFor(1);
    await polled;
    const answer = answers(page).first();
    await expect(answer).toContainText('Open access articles are cited more often');
    // Completed: polling stops.
    await page.clock.runFor(15_000);
    await settle(page);
    expect(polls).toHaveLength(1);

    // Copied shows for 2 s.
    await answer.getByRole('button', { name: 'Copy' }).click();
    await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
    await page.clock.runFor(1_999);
    await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
    await page.clock.runFor(1);
    await expect(answer.getByRole('button', { name: 'Copy' })).toBeVisible();

    // The conversation search asks once, 300 ms after the last key.
    const searches = requestsTo(page, '/api/conversations?search=');
    const list = chat(page).getByRole('navigation', { name: 'Conversations' });
    await list.getByRole('searchbox', { name: 'Search chats' }).pressSequentially('freely');
    await page.clock.runFor(299);
    await settle(page);
    expect(searches).toEqual([]);
    const searched = page.waitForResponse((response) =>
      response.url().includes('/api/conversations?search='),
    );
    await page.clock.runFor(1);
    await searched;
    expect(searches.map((url) => new URL(url).searchParams.get('search'))).toEqual(['freely']);
    // Time flows again (the query cache tells the list of its answer on a zero-delay timer).
    await page.clock.resume();
    const asked = list.getByRole('button', { name: /^Are articles that are freely/ }).first();
    await expect(asked).toBeVisible();

    // New chat: an empty conversation again, the one asked kept in the list.
    await list.getByRole('button', { name: '+ New chat' }).click();
    await expect(answers(page)).toHaveCount(0);
    await expect(chat(page).getByRole('group', { name: 'Sample questions' })).toBeVisible();
    await expect(asked).toBeVisible();
  } finally {
    expect(
      (
        await page.request.put('/api/settings/search-filters', {
          data: { filters: current.filters },
        })
      ).ok(),
    ).toBe(true);
  }
});

test('failures read as the spec says; a failed answer is asked again by editing with OK', async ({
  page,
  script,
}) => {
  script({ write: () => ({ kind: 'error', status: 500 }) });
  await openChat(page);
  const input = chat(page).getByRole('textbox', { name: 'Your question' });
  await input.fill('Do open access articles receive more citations?');
  await input.press('Enter');
  const failed = answers(page).first();
  await expect(failed).toHaveText(
    /^Sorry, there was an error: Failed to generate content\. Please try again\./,
    ANSWER_WAIT,
  );

  // Asked again through the edit's OK: the failed answer goes, a real one comes.
  script({});
  const question = chat(page).getByRole('article', { name: 'You message' });
  await question.getByRole('button', { name: 'Edit' }).click();
  await question
    .getByRole('textbox', { name: 'Edit message' })
    .fill('Do freely available articles receive more citations?');
  await expectTopmost(question.getByRole('button', { name: 'OK' }));
  await question.getByRole('button', { name: 'OK' }).click();
  await expect(chat(page).getByText('Sorry, there was an error')).toHaveCount(0);
  await expect(answers(page).first()).toContainText(
    'Open access articles are cited more often',
    ANSWER_WAIT,
  );

  // The conversation deleted elsewhere (another tab): sending into it fails.
  const { conversations } = (await (await page.request.get('/api/conversations')).json()) as {
    conversations: { id: string; title: string }[];
  };
  const asked = conversations.find((entry) => entry.title.startsWith('Do open access articles'));
  expect((await page.request.delete(`/api/conversations/${asked!.id}`)).status()).toBe(204);
  await input.fill('And in physics?');
  await input.press('Enter');
  await expect(answers(page).last()).toHaveText(
    /^Sorry, there was an error processing your question\./,
  );
  // Not pending any more: the next question can be sent.
  await expect(chat(page).getByText('Processing your request...')).toHaveCount(0);
  await expect(input).toBeEnabled();
});

test("a citation in the chat is cited in the open paper with 'Insert citation at cursor position'", async ({
  page,
}) => {
  const paper = await createPaper(page, 'Chat citing paper', 'Open access matters.');
  await openPaper(page, 'Chat citing paper');
  await cursorAtEnd(page);
  const open = page.locator('.sidebar').getByRole('button', { name: 'Open Chat', exact: true });
  await expectTopmost(open);
  await open.click();
  const input = chat(page).getByRole('textbox', { name: 'Your question' });
  await input.fill(SAMPLE);
  await input.press('Enter');
  const label = answers(page).first().locator('[data-ref-id]').first();
  await expect(label).toBeVisible(ANSWER_WAIT);
  const refId = await label.getAttribute('data-ref-id');
  await expectTopmost(label);
  await label.click();
  const modal = page.getByRole('dialog').filter({ hasText: 'Certainty:' });
  const cite = modal.getByTitle('Insert citation at cursor position');
  await expectTopmost(cite);
  await cite.click();
  await expect(modal).toHaveCount(0);
  await chat(page).getByRole('button', { name: 'Close', exact: true }).click();
  await expect(chat(page)).toHaveCount(0);
  await expect(editor(page).locator('.citation-label')).toHaveCount(1);
  await expect(editor(page)).toContainText(/Open access matters\..*\(.+, (\d{4}|n\.d\.)\)/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect
    .poll(async () => (await storedPaper(page, paper.id)).content)
    .toContain(`[${refId}]`);
});
