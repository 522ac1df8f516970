import type { Page } from '@playwright/test';
import { expectTopmost } from './helpers';
import { createPaper, editor, expect, openPaper, test, toolbarButton } from './editor-helpers';

/**
 * Issue 17, items 2 and 3: at every common width, and at 200% zoom, each toolbar button is in
 * view with nothing over it and does its own thing when clicked; its pop-ups lie in view and
 * close with Escape.
 */

const FORMATTING = new Set([
  'Bold',
  'Italic',
  'Inline code',
  'Bullet list',
  'Numbered list',
  ...[1, 2, 3, 4, 5].map((level) => `H${level} heading`),
]);

/** What a click on each other button opens; it must lie in view and close with Escape. */
function opened(page: Page, name: string) {
  switch (name) {
    case 'Insert table':
      return page.getByRole('dialog', { name: 'Choose table size' });
    case 'Export':
      return page.getByRole('menu', { name: 'Export' });
    case 'Save options':
      return page.getByRole('menu', { name: 'Save options' });
    case 'Remove all citations':
    case 'Generate APA References':
      return page.getByRole('alertdialog');
    default:
      return page.getByRole('dialog');
  }
}

async function clickEveryButton(page: Page) {
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  const names = await toolbar
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent.trim()),
    );
  // 25 tools and the owner's Share (docs/sharing.md).
  expect(names).toHaveLength(26);
  // Edit Files replaces the screen with the File Editor: it goes last.
  const order = [...names.filter((name) => name !== 'Edit Files'), 'Edit Files'];
  for (const name of order) {
    const button = toolbar.getByRole('button', { name, exact: true });
    if (name === 'Add comment') {
      // A comment needs selected text: the line clicked.
      await editor(page).getByText('spindles').click();
      await page.keyboard.press('End');
      await page.keyboard.press('Shift+Home');
    }
    // Narrow (200% zoom): one pane at a time, and the search shows the References tab.
    const tabs = page.getByRole('tablist', { name: 'Panes' });
    const narrow = await tabs.isVisible();
    if (name === 'Search literature for the selection or paragraph' && !narrow) {
      await page.getByTitle('Collapse References').click();
    }
    await expectTopmost(button);
    if (name === 'Save') {
      const saved = page.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url().includes('/papers/'),
      );
      await button.click();
      expect((await saved).ok()).toBe(true);
    } else if (FORMATTING.has(name)) {
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
    } else if (name === 'Search literature for the selection or paragraph') {
      await button.click();
      if (narrow) {
        await expect(tabs.getByRole('tab', { name: 'References' })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        await tabs.getByRole('tab', { name: 'Editor' }).click();
      } else {
        await expect(page.getByTitle('Collapse References')).toBeVisible();
      }
    } else {
      await button.click();
      const popup = opened(page, name);
      await expect(popup).toBeInViewport({ ratio: name === 'Edit Files' ? 0.5 : 1 });
      if (name === 'Edit Files') break;
      await page.keyboard.press('Escape');
      await expect(popup).toBeHidden();
    }
  }
  await expect(page.getByRole('dialog', { name: 'File Editor' })).toBeVisible();
}

for (const width of [1024, 1280, 1440, 1920]) {
  test(`at ${width} px every toolbar button is in view, on top and takes its own click`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await createPaper(page, `Toolbar ${width}`, 'Sleep spindles support memory.\n');
    await openPaper(page, `Toolbar ${width}`);
    await clickEveryButton(page);
  });
}

test.describe('at 200% zoom of a 1440 px window', () => {
  // Browser zoom halves the CSS pixels a window offers and doubles the device pixels per CSS pixel.
  test.use({ viewport: { width: 720, height: 450 }, deviceScaleFactor: 2 });

  test('every toolbar button is in view, on top and takes its own click', async ({ page }) => {
    await createPaper(page, 'Toolbar zoomed', 'Sleep spindles support memory.\n');
    await openPaper(page, 'Toolbar zoomed');
    await clickEveryButton(page);
  });
});

test('toolbar pop-ups and the account menu close on Escape and on a click outside', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await createPaper(page, 'Pop-ups', 'Sleep spindles support memory.\n');
  await openPaper(page, 'Pop-ups');

  for (const [name, popup] of [
    ['Export', page.getByRole('menu', { name: 'Export' })],
    ['Save options', page.getByRole('menu', { name: 'Save options' })],
    ['Insert table', page.getByRole('dialog', { name: 'Choose table size' })],
  ] as const) {
    await toolbarButton(page, name).click();
    await expect(popup).toBeInViewport({ ratio: 1 });
    // Every entry can be clicked where it is shown.
    for (const item of await popup.getByRole('menuitem').all()) await expectTopmost(item);
    // Outside: the title above the toolbar, which no pop-up opening below it covers.
    await page.getByLabel('Paper title').click();
    await expect(popup).toBeHidden();
  }
  await toolbarButton(page, 'Export').click();
  await expectTopmost(page.getByRole('menuitem', { name: 'Export as PDF' }));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'Export' })).toBeHidden();

  const account = page.getByRole('button', { name: 'Account menu' });
  await account.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeInViewport({ ratio: 1 });
  await expectTopmost(menu.getByRole('menuitem', { name: 'Sign out' }));
  const topUp = page.getByRole('button', { name: 'Top Up', exact: true });
  if ((await topUp.count()) > 0) await expectTopmost(topUp);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await account.click();
  await expect(menu).toBeVisible();
  await editor(page).getByText('spindles').click();
  await expect(menu).toBeHidden();
});
