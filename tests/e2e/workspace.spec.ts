import type { Page } from '@playwright/test';
import { expect, test } from './page-test';
import { addPaper, paperList, screenshot, signUp } from './helpers';

async function paneWidths(page: Page): Promise<[number, number, number]> {
  const widths = await page.evaluate(() =>
    ['left', 'centre', 'right'].map((id) => {
      const panel = document.querySelector(`[data-panel-id="${id}"]`);
      return panel ? panel.getBoundingClientRect().width : -1;
    }),
  );
  return [widths[0] ?? -1, widths[1] ?? -1, widths[2] ?? -1];
}

test('papers: create, search, open, rename and delete', async ({ page }) => {
  await signUp(page);
  await expect(paperList(page)).toHaveText('No papers yet');
  await screenshot(page, 'workspace-empty');
  await page.getByRole('button', { name: 'Show the detailed process' }).click();
  await expect(page.getByText('Get structure.')).toBeVisible();
  await page.getByRole('button', { name: 'Hide the detailed process' }).click();
  await expect(page.getByText('Get structure.')).toBeHidden();

  await addPaper(page, 'Graph neural networks for chemistry');
  await addPaper(page, 'Sleep and memory consolidation');
  await expect(paperList(page).locator('.paper-title')).toHaveText([
    'Sleep and memory consolidation',
    'Graph neural networks for chemistry',
  ]);
  // An empty paper opens in the editor with its placeholder.
  await expect(page.locator('.scriptor-editor p.is-editor-empty')).toHaveAttribute(
    'data-placeholder',
    'This paper is empty. Start writing here…',
  );
  await screenshot(page, 'workspace-paper');

  const search = page.getByLabel('Search papers');
  await search.fill('graph');
  await expect(paperList(page).locator('.paper-title')).toHaveText([
    'Graph neural networks for chemistry',
  ]);
  await search.fill('quantum gravity');
  await expect(paperList(page)).toHaveText('Nothing found with your query');
  await search.fill('');
  await expect(paperList(page).locator('.paper-title')).toHaveCount(2);

  await paperList(page).getByText('Graph neural networks for chemistry').click();
  const title = page.getByLabel('Paper title');
  await expect(title).toHaveValue('Graph neural networks for chemistry');
  await title.fill('Message passing networks for molecules');
  await title.press('Enter');
  await expect(paperList(page).locator('.paper-title').first()).toHaveText(
    'Message passing networks for molecules',
  );
  await page.reload();
  await expect(paperList(page).getByText('Message passing networks for molecules')).toBeVisible();

  await paperList(page).getByText('Message passing networks for molecules').click();
  await expect(title).toHaveValue('Message passing networks for molecules');
  await page.getByRole('button', { name: 'Delete Message passing networks for molecules' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete this paper? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(paperList(page).locator('.paper-title')).toHaveText([
    'Sleep and memory consolidation',
  ]);
  // Deleting the open paper clears the selection.
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();

  await paperList(page).getByText('Sleep and memory consolidation').click();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
});

test('a paper that fails to load alerts and clears the selection', async ({ page }) => {
  await signUp(page);
  await addPaper(page, 'Unlucky paper');
  // A fresh page has no cached copy, so opening the paper really fetches it.
  await page.reload();

  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/papers/*', async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { error: 'Internal server error' } });
  });
  await paperList(page).getByText('Unlucky paper').click();
  await expect(page.getByText('Loading paper...')).toBeVisible();
  release();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Failed to load paper details');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
});

test('panes resize, collapse, keep their sizes after a reload, and sign-out returns to landing', async ({
  page,
}) => {
  await signUp(page);
  const [left, centre, right] = await paneWidths(page);
  expect(left / 1440).toBeCloseTo(0.2, 1);
  expect(centre / 1440).toBeCloseTo(0.55, 1);
  expect(right / 1440).toBeCloseTo(0.25, 1);

  const handle = page.locator('[data-panel-resize-handle-id="handle-left"]');
  const box = await handle.boundingBox();
  if (!box) throw new Error('no resize handle');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 150, box.y + box.height / 2, { steps: 10 });
  await page.mouse.up();
  const [leftAfter] = await paneWidths(page);
  expect(leftAfter).toBeGreaterThan(left + 100);

  // The left pane cannot shrink below its 15% minimum.
  const wide = await handle.boundingBox();
  if (!wide) throw new Error('no resize handle');
  await page.mouse.move(wide.x + 2, wide.y + 200);
  await page.mouse.down();
  await page.mouse.move(0, wide.y + 200, { steps: 10 });
  await page.mouse.up();
  const [leftMin] = await paneWidths(page);
  expect(leftMin / 1440).toBeCloseTo(0.15, 1);
  expect(leftMin).toBeGreaterThanOrEqual(1440 * 0.15 - 2);

  await page.getByTitle('Collapse References').click();
  await expect(page.getByTitle('Expand References')).toBeVisible();
  const [, , collapsed] = await paneWidths(page);
  expect(collapsed).toBe(0);
  await screenshot(page, 'workspace-collapsed');

  await page.reload();
  await expect(page.getByTitle('Expand References')).toBeVisible();
  const [leftReloaded, , rightReloaded] = await paneWidths(page);
  expect(Math.abs(leftReloaded - leftMin)).toBeLessThan(3);
  expect(rightReloaded).toBe(0);

  await page.getByTitle('Expand References').click();
  await expect(page.getByTitle('Collapse References')).toBeVisible();
  const [, , expanded] = await paneWidths(page);
  expect(expanded).toBeGreaterThan(1440 * 0.14);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Start Exploring Insights' })).toBeVisible();
});
