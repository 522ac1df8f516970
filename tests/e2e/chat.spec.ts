import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './ai-fixtures';
import { test as plainTest } from './page-test';
import { expectTopmost, signUp } from './helpers';

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

function answers(page: Page) {
  return chat(page).getByRole('article', { name: 'Research assistant message' });
}

test('a sample question becomes a cited answer whose citation opens the work with its certainty', async ({
  page,
}) => {
  // Two answers' worth of 5 s polls, a reopened conversation and the clipboard.
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
  await expect(modal.getByText(/open access/i).first()).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Insert citation' })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(modal).toHaveCount(0);

  const copy = answer.getByRole('button', { name: 'Copy' });
  await copy.click();
  await expect(answer.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^Open access articles are cited more often \[ref_[a-z0-9]{8}\]\.$/);
  await expect(answer.getByRole('button', { name: 'Copy' })).toBeVisible();

  // The conversation is kept: closed and reopened, it is listed and shows its messages.
  await chat(page).getByRole('button', { name: 'Close', exact: true }).click();
  await openChat(page);
  const listed = chat(page)
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', {
      name: /^Are articles that are freely/,
    });
  await listed.click();
  await expect(answers(page).first()).toContainText('Open access articles are cited more often');
});

test('editing a question resends it; conversations can be searched and deleted', async ({
  page,
}) => {
  await openChat(page);
  const input = chat(page).getByRole('textbox', { name: 'Your question' });
  await input.fill('Do open access articles receive more citations?');
  await chat(page).getByRole('button', { name: 'Send', exact: true }).click();
  await expect(answers(page)).toHaveCount(1, ANSWER_WAIT);

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
