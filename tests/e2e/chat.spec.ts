import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { evidenceIds, type ChatRequest } from '../../src/server/testing/fake-openai-server';
import { test, expect } from './ai-fixtures';
import { test as plainTest, watchPageErrors } from './page-test';
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

test('a sample question becomes a cited answer whose citation opens the work with its certainty', async ({
  page,
  browser,
  aiApp,
}) => {
  // An answer's 5 s polls, the clipboard, and a second browser signing in.
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
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
}) => {
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
  await chat(page).getByRole('button', { name: 'Suggest', exact: true }).click();
  const actions = chat(page).getByRole('group', { name: 'Suggested actions' });
  const review = actions.getByRole('button', { name: 'Write a literature review' });
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
  },
);
