import { expectFocusNotLost, expectFocusRing, expectWcagClean } from './a11y-helpers';
import { createPaper, editor, expect, openPaper, test } from './editor-helpers';
import { searchLiterature, referencesPane } from './references-helpers';

test('the workspace has a skip link, landmarks, an h1, a one-stop toolbar and named resize handles', async ({
  page,
}) => {
  await createPaper(page, 'Structured paper', '## Introduction\n\nSleep and memory.\n');
  await openPaper(page, 'Structured paper');
  await expectWcagClean(page);

  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Papers' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Structured paper' })).toBeAttached();

  // The page's first Tab stop skips to the paper's text.
  await page.reload();
  await expect(editor(page)).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(editor(page)).toBeFocused();
  await expectFocusRing(editor(page));

  // The toolbar is one Tab stop; the arrows move inside it.
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  const stops = await toolbar
    .getByRole('button')
    .evaluateAll((buttons) => buttons.filter((button) => button.tabIndex === 0).length);
  expect(stops).toBe(1);
  const first = toolbar.getByRole('button').first();
  await first.focus();
  await page.keyboard.press('ArrowRight');
  const second = toolbar.getByRole('button').nth(1);
  await expect(second).toBeFocused();
  await expectFocusRing(second);
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button').last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(first).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(toolbar.locator(':focus')).toHaveCount(0);
  await expectFocusNotLost(page);

  // A text field's ring.
  const title = page.getByLabel('Paper title');
  await title.focus();
  await expectFocusRing(title);

  // The resize handles are named and move with the arrow keys.
  const handle = page.getByRole('separator', { name: 'Resize the papers pane' });
  await handle.focus();
  const before = Number(await handle.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(async () => Number(await handle.getAttribute('aria-valuenow')))
    .toBeGreaterThan(before);
  await expect(page.getByRole('separator', { name: 'Resize the References pane' })).toBeAttached();
});

test('search results are announced in a live region', async ({ page }) => {
  await createPaper(page, 'Announced search');
  await openPaper(page, 'Announced search');
  await searchLiterature(page, 'neural networks');
  const count = await referencesPane(page)
    .getByText(/^Found \d+ results$/)
    .textContent();
  await expect(page.locator('[data-announcer="polite"]')).toHaveText(count ?? 'Found');
  await expect(page.locator('[data-announcer="polite"]')).toHaveAttribute('aria-live', 'polite');
  await expectWcagClean(page);
});
