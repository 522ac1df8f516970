import type { Locator, Page } from '@playwright/test';
import type { ChatRequest, FakeAnswer } from '../../src/server/testing/fake-openai-server';
import { expectWcagClean } from './a11y-helpers';
import { deleteConversations, test, expect } from './ai-fixtures';
import { chooseSectionAction, createPaper, openPaper, previewDialog } from './ai-helpers';
import { toolbarButton } from './editor-helpers';

/**
 * axe-core's WCAG 2.0/2.1 A and AA rules over the AI dialogs of the main loop (issue 35), on a
 * server whose model is the local fake (ai-fixtures.ts).
 */

const PAPER = [
  '# Open Access',
  '## Introduction',
  'Open access articles receive more citations.',
  '## Methods',
  'We compare citation counts.',
].join('\n\n');

async function clean(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expectWcagClean(page);
}

test('the AI Writing Process, Rewrite Paper, the ✦ menu and its preview, and Data Analysis have no WCAG violation', async ({
  page,
  fake,
}) => {
  test.setTimeout(180_000);
  const base = fake.respond;
  // The writing planner's order: the sections as listed.
  fake.respond = (request: ChatRequest): FakeAnswer => {
    const properties = request.body.response_format?.json_schema?.schema?.properties ?? {};
    if ('order' in properties) {
      return { kind: 'json', value: { order: [1, 2], reasoning: 'In the paper’s order.' } };
    }
    return base(request);
  };
  await createPaper(page, 'AI dialogs paper', PAPER);
  await openPaper(page, 'AI dialogs paper');

  await toolbarButton(page, 'AI writing').click();
  const writing = page.getByRole('dialog', { name: 'AI Writing Process' });
  await expect(writing).toContainText('In the paper’s order.');
  await clean(page, writing);
  await page.keyboard.press('Escape');
  await expect(writing).toBeHidden();

  await toolbarButton(page, 'Rewrite Paper').click();
  const rewrite = page.getByRole('dialog', { name: /Rewrite Paper/ });
  await expect(rewrite.getByRole('region', { name: 'Preview' })).toBeVisible();
  await clean(page, rewrite);
  await rewrite.getByRole('button', { name: 'Custom instructions for 1 Introduction' }).click();
  const instructions = page.getByRole('dialog', { name: 'Custom Rewrite Instructions' });
  await clean(page, instructions);
  await page.keyboard.press('Escape');
  await expect(instructions).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(rewrite).toBeHidden();

  await page.getByRole('button', { name: 'Section menu 1', exact: true }).click();
  await clean(page, page.getByRole('menu', { name: 'Section 1' }));
  await page.keyboard.press('Escape');
  await chooseSectionAction(page, '1', 'Make shorter');
  const preview = previewDialog(page);
  await expect(preview.getByRole('button', { name: 'OK' })).toBeEnabled({ timeout: 30_000 });
  await clean(page, preview);
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await page.getByRole('button', { name: 'Data Analysis', exact: true }).click();
  const analysis = page.getByRole('dialog', { name: 'Data Analysis Assistant' });
  // The first use waits for the sandbox's preparation.
  await expect(analysis.locator('p.empty-state')).toHaveText('No data files uploaded yet', {
    timeout: 60_000,
  });
  await clean(page, analysis);
  await analysis.getByRole('button', { name: 'Upload data' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Data Files' });
  await clean(page, upload);
  await page.keyboard.press('Escape');
  await expect(upload).toBeHidden();
  await analysis.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(analysis).toBeHidden();
});

test('the research chat has no WCAG violation, empty and with an answer', async ({ page }) => {
  test.setTimeout(120_000);
  await deleteConversations(page.request);
  await page.goto('/');
  await page.locator('.sidebar').getByRole('button', { name: 'Open Chat', exact: true }).click();
  const chat = page.getByRole('dialog', { name: 'Research Assistant' });
  await expect(chat.getByText('No conversations yet')).toBeVisible();
  await clean(page, chat);
  await chat.getByRole('group', { name: 'Sample questions' }).getByRole('button').first().click();
  await expect(chat.getByText('Processing your request...')).toBeVisible();
  await expectWcagClean(page);
  const answer = chat.getByRole('article', { name: 'Research assistant message' }).first();
  await expect(answer).toContainText('Open access articles are cited more often', {
    timeout: 45_000,
  });
  await clean(page, chat);
  await answer.locator('[data-ref-id]').first().click();
  const work = page.getByRole('dialog').filter({ hasText: 'Certainty:' });
  await clean(page, work);
  await work.getByRole('button', { name: 'Close', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
});
