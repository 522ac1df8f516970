import type { ConsoleMessage } from '@playwright/test';
import { MODEL_REQUIRED_MESSAGE } from '../../src/shared/ai/ai-messages';
import { offlineTest as test, expect } from './ai-fixtures';
import { chooseSectionAction, createPaper, editor, openPaper, previewDialog } from './ai-helpers';
import { toolbarButton } from './editor-helpers';
import { expectTopmost, signUp } from './helpers';

// Issue 33 items 2, 6, 14 and 15, on the suite's server, which has no AI provider.

const SENTENCE = 'Open access articles receive more citations than articles behind a paywall.';

test('opening a paper logs no console error; the writing process and Rewrite Paper say before Start that they need a model', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  await createPaper(page, 'Needs a model', `## Methods\n\n${SENTENCE}\n\n## Results\n\nNotes.`);
  await openPaper(page, 'Needs a model');
  await expect(toolbarButton(page, 'AI writing')).toBeEnabled();
  expect(errors).toEqual([]);
  expect(notFound).toEqual([]);

  await toolbarButton(page, 'AI writing').click();
  const writing = page.getByRole('dialog', { name: 'AI Writing Process' });
  await expect(writing.getByText(MODEL_REQUIRED_MESSAGE)).toBeVisible();
  await expect(writing.getByRole('button', { name: 'Start the writing process' })).toBeDisabled();
  await writing.getByRole('button', { name: 'Close' }).click();

  await toolbarButton(page, 'Rewrite Paper').click();
  const rewrite = page.getByRole('dialog', { name: /Rewrite Paper/ });
  await expect(rewrite.getByText(MODEL_REQUIRED_MESSAGE)).toBeVisible();
  await expect(rewrite.getByRole('button', { name: 'Rewrite selected sections' })).toBeDisabled();
  expect(errors).toEqual([]);
});

test('an offline ✦ rewrite of a section holding only its purpose says why nothing changed', async ({
  page,
}) => {
  await createPaper(
    page,
    'Only a purpose',
    '## Methods\n\n[[Describe the sample, the measures and the analysis.]]',
  );
  await openPaper(page, 'Only a purpose');
  await chooseSectionAction(page, '1', 'Rewrite');
  const dialog = previewDialog(page);
  await expect(dialog.getByRole('note')).toContainText(
    "Nothing was changed: without an AI model, a rewrite adds citations to the section's own sentences, and this section has none yet",
  );
});

test('the Rewrite Paper preview labels the citations of a ✦ rewrite that is not saved yet', async ({
  page,
}) => {
  await createPaper(
    page,
    'Unsaved rewrite',
    `## Introduction\n\n${SENTENCE}\n\n## Results\n\nShort.`,
  );
  await openPaper(page, 'Unsaved rewrite');
  await chooseSectionAction(page, '1', 'Rewrite');
  const dialog = previewDialog(page);
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeEnabled({ timeout: 20_000 });
  await expect(
    dialog.getByRole('region', { name: 'Generated Text' }).locator('[data-ref-id]').first(),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  const label = await editor(page).locator('[data-ref-id]').first().innerText();
  expect(label).toMatch(/\d{4}/);

  // Not saved: the stored paper does not know the work yet, the editor does.
  await toolbarButton(page, 'Rewrite Paper').click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText(SENTENCE.slice(0, -1));
  await expect(preview).toContainText(label);
  await expect(preview).not.toContainText('[ref_');
  await expect(preview.locator('code')).toHaveCount(0);
});

test('after sign-out the address is the landing page’s', async ({ page }) => {
  // Not the worker's shared account: signing that out would end every later test's session.
  await page.context().clearCookies();
  await signUp(page);
  const paper = await createPaper(page, 'Sign out here');
  await openPaper(page, 'Sign out here');
  await expect(page).toHaveURL(new RegExp(`/papers/${paper.id}`));
  const account = page.getByRole('button', { name: 'Account menu' });
  await expectTopmost(account);
  await account.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Start Exploring Insights' })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
});
