import type { Page } from '@playwright/test';
import {
  defaultResponder,
  startFakeOpenAiServer,
  type ChatRequest,
  type FakeAnswer,
  type FakeOpenAiServer,
} from '../../src/server/testing/fake-openai-server';
import { startCatalogueServer } from './billing-server';
import { createPaper, openPaper, toolbarButton } from './editor-helpers';
import { expectTopmost, signUp } from './helpers';
import { expect, test, watchPageErrors } from './page-test';

// Issue 33 items 3, 4, 7, 8 and 15: the writing process with billing on and a local fake model
// (Scholar Small, $0.02 a section; a new account has $1.00).

async function spend(page: Page, micros: number) {
  const response = await page.request.post('/api/test/billing/charge', {
    data: { key: `spend-${Date.now()}`, amountMicros: micros },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
}

function writingDialog(page: Page) {
  return page.getByRole('dialog', { name: 'AI Writing Process' });
}

function row(page: Page, label: string) {
  return writingDialog(page)
    .getByRole('list', { name: 'Sections in writing order' })
    .getByRole('listitem')
    .filter({ hasText: label });
}

/**
 * The model writes every section; asked for the writing order, it names a section twice (not a
 * permutation): the model was asked and its answer could not be used.
 */
function writer(request: ChatRequest): FakeAnswer {
  const properties = request.body.response_format?.json_schema?.schema?.properties ?? {};
  if ('order' in properties) {
    return { kind: 'json', value: { order: [1, 1, 2], reasoning: 'Methods twice.' } };
  }
  return defaultResponder(request);
}

const BALANCE_TEXT =
  'Insufficient balance. Your balance ($0.01) is below the cost per section for this model ($0.02). Please add funds to continue.';

test.describe('the writing process and what the balance pays', () => {
  test.describe.configure({ timeout: 300_000 });
  let fake: FakeOpenAiServer | undefined;
  let server: Awaited<ReturnType<typeof startCatalogueServer>> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    fake = await startFakeOpenAiServer({ models: ['e2e-small', 'e2e-large'], respond: writer });
    server = await startCatalogueServer({
      SCRIPTOR_TEST_ROUTES: '1',
      OPENAI_BASE_URL: fake.baseUrl,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  test('says before Start how many sections the balance covers, never offers the reference list, and each unpaid row says why', async ({
    browser,
  }) => {
    const page = watchPageErrors(await browser.newPage({ baseURL: server?.url }));
    await signUp(page);
    await createPaper(
      page,
      'Coverage paper',
      [
        '## Methods',
        'Notes on the sample.',
        '## Results',
        'Notes on the findings.',
        '## Discussion',
        'Notes on the limits.',
        '## References',
        '[xref_abcd1234] Tang, J., & Lee, K. (2016). Open access and citations. Journal, 1, 1-2.',
      ].join('\n\n'),
    );
    // $1.00 - $0.95 leaves $0.05: two sections at $0.02 (the balance must stay above the cost).
    await spend(page, 950_000);
    await openPaper(page, 'Coverage paper');
    await expect(page.getByTestId('balance')).toHaveText('$0.05');
    await toolbarButton(page, 'AI writing').click();
    const dialog = writingDialog(page);

    // The model was asked for the order and its answer was no order: the truth, and the spec's text.
    await expect(
      dialog.getByText('Failed to determine optimal sequence. Using default order.'),
    ).toBeVisible();
    await expect(dialog).toContainText(
      'Why this order: The AI model was asked for the best order, but its answer did not name each section exactly once, so the sections are in the order of the paper.',
    );
    await expect(dialog).not.toContainText('no AI model was used');

    // The reference list is listed, not selected under Select all, and cannot be chosen.
    const references = row(page, '4 References');
    await expect(references).toContainText('(reference list)');
    await expect(
      references.getByRole('checkbox', { name: 'Select 4 References' }),
    ).not.toBeChecked();
    await expect(references.getByRole('checkbox', { name: 'Select 4 References' })).toBeDisabled();
    await expect(dialog.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
    await expect(dialog).toContainText('Estimated cost: $0.06');
    await expect(dialog.getByRole('note')).toHaveText(
      'Your balance ($0.05) covers 2 of the 3 selected sections: the other 1 would not be written. Add funds or select fewer sections.',
    );

    const start = dialog.getByRole('button', { name: 'Start the writing process' });
    await expectTopmost(start);
    await start.click();
    await expect(dialog.locator('.writing-progress').getByRole('status')).toHaveText(
      'Finished: 2 of 3 sections written, 1 failed',
      { timeout: 120_000 },
    );
    await expect(row(page, '3 Discussion')).toContainText(
      `Writing this section failed; it was not charged. ${BALANCE_TEXT}`,
    );
    await expect(row(page, '1 Methods')).not.toContainText('failed');
    await expect(row(page, '4 References')).toHaveCount(0);
    await page.close();
  });

  test('one section written says so in the singular; a balance equal to the cost says it must be above it and needs a cent', async ({
    browser,
  }) => {
    const page = watchPageErrors(await browser.newPage({ baseURL: server?.url }));
    await signUp(page);
    await createPaper(page, 'One section', '## Methods\n\nNotes on the sample.');
    await openPaper(page, 'One section');
    await toolbarButton(page, 'AI writing').click();
    const dialog = writingDialog(page);
    // No order was chosen by rules or by a model: there was nothing to order.
    await expect(dialog).toContainText(
      'Why this order: There is one section to write, so there is no order to choose.',
    );
    await dialog.getByRole('button', { name: 'Start the writing process' }).click();
    await expect(dialog.locator('.writing-progress').getByRole('status')).toHaveText(
      'Finished: the section is written',
      { timeout: 120_000 },
    );
    await dialog.getByRole('button', { name: 'Discard the result' }).click();
    await page
      .getByRole('alertdialog', { name: 'Discard the result?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // $0.98 after the section: spend $0.96 and $0.02 is left, exactly one section's cost.
    await spend(page, 960_000);
    await openPaper(page, 'One section');
    await expect(page.getByTestId('balance')).toHaveText('$0.02');
    await expect(toolbarButton(page, 'AI writing')).toBeDisabled();
    await toolbarButton(page, 'Top Up').click();
    const popover = page.getByRole('dialog', { name: 'Insufficient Balance' });
    await expect(popover).toContainText(
      'Insufficient balance. Your balance ($0.02) must be above the cost per section for this model ($0.02). Please add funds to continue.',
    );
    await expect(popover).toContainText('Balance$0.02');
    await expect(popover).toContainText('Requiredmore than $0.02');
    await expect(popover).toContainText('Needed$0.01');
    // The server refuses with the same words and the same amount.
    const refused = await page.request.post('/api/test/billing/charge', {
      data: { key: 'equal', costPerSection: 0.02 },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(402);
    expect(await refused.json()).toMatchObject({ required: 0.02, needed: 0.01 });
    await page.close();
  });
});
