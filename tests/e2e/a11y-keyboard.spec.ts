import type { Locator, Page } from '@playwright/test';
import { test, expect } from './ai-fixtures';
import { editor } from './editor-helpers';
import { paperList, wizard } from './helpers';
import { referencesPane } from './references-helpers';

/**
 * The main loop by keyboard alone (issue 35): create a paper with the wizard, write, search
 * References, cite a result, export, ask the research chat, close every dialog; only
 * page.keyboard, at full speed. After every key the focus is on an element (never the page's
 * body), that element shows a focus indicator, and before a control is used it is inside the
 * window and not covered. Run on a desktop, at 200% zoom of 1280×800 and on a phone.
 */

const SCREENS = [
  { name: 'a 1440×900 desktop', viewport: { width: 1440, height: 900 }, scale: 1 },
  { name: '200% zoom of 1280×800', viewport: { width: 640, height: 400 }, scale: 2 },
  { name: 'a 390×844 phone', viewport: { width: 390, height: 844 }, scale: 1 },
];

interface Focused {
  onBody: boolean;
  what: string;
  ring: boolean;
  inside: boolean;
  onTop: boolean;
}

/**
 * Where the focus is and how it shows: an outline or a box-shadow ring on the element, its box
 * inside the window (for a box larger than the window, the part in view), and the element
 * itself topmost at the centre of that part.
 */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) {
      return { onBody: true, what: 'body', ring: false, inside: false, onTop: false };
    }
    const style = getComputedStyle(active);
    const ring =
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      style.boxShadow !== 'none';
    const box = active.getBoundingClientRect();
    const width = window.innerWidth;
    const height = window.innerHeight;
    const larger = box.width > width || box.height > height;
    const inside = larger
      ? box.right > 0 && box.bottom > 0 && box.left < width && box.top < height
      : box.left >= -1 && box.top >= -1 && box.right <= width + 1 && box.bottom <= height + 1;
    const left = Math.max(box.left, 0);
    const top = Math.max(box.top, 0);
    const x = (left + Math.min(box.right, width)) / 2;
    const y = (top + Math.min(box.bottom, height)) / 2;
    const hit = document.elementFromPoint(x, y);
    const name = active.getAttribute('aria-label') ?? active.textContent ?? '';
    return {
      onBody: false,
      what: `${active.tagName.toLowerCase()} '${name.trim().slice(0, 40)}'`,
      ring,
      inside,
      onTop: hit !== null && active.contains(hit),
    };
  });
}

/** After an action: the focus is on an element that shows it. */
async function expectFocusShown(page: Page, after: string) {
  await expect
    .poll(async () => (await focused(page)).onBody, { message: `after ${after}` })
    .toBe(false);
  const now = await focused(page);
  expect(now.ring, `${now.what} shows no focus ring after ${after}`).toBe(true);
}

/** A control about to be used: in the window and topmost where a person would press it. */
async function expectUsable(page: Page) {
  const now = await focused(page);
  expect(now.inside, `${now.what} is outside the window`).toBe(true);
  expect(now.onTop, `${now.what} is covered`).toBe(true);
}

async function press(page: Page, key: string) {
  const from = await focused(page);
  await page.keyboard.press(key);
  await expectFocusShown(page, `${key} on ${from.what}`);
}

async function isFocused(target: Locator) {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/**
 * Moves the focus to `target` with Tab, or Shift+Tab when it comes before the focus in the
 * page (as a person looking at the screen would choose), stepping inside a toolbar or a tab
 * list with the arrows, as its one Tab stop asks; then checks it can be used.
 */
async function reach(page: Page, target: Locator) {
  const before = await target.evaluate((element) => {
    const active = document.activeElement;
    if (!active || active === document.body) return false;
    return (active.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
  });
  const tab = before ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < 80 && !(await isFocused(target)); presses += 1) {
    const group = await target.evaluate((element) => {
      const own = element.closest('[role="toolbar"], [role="tablist"]');
      return own !== null && own.contains(document.activeElement);
    });
    await press(page, group ? 'ArrowRight' : tab);
  }
  await expect(target).toBeFocused();
  await expectUsable(page);
}

/** Reaches `target` and presses Enter on it. */
async function activate(page: Page, target: Locator) {
  await reach(page, target);
  await press(page, 'Enter');
}

/** On a narrow screen, shows a pane through the pane tabs (a no-op when all three show). */
async function showPane(page: Page, name: 'Papers' | 'Editor' | 'References') {
  const tabs = page.getByRole('tablist', { name: 'Panes' });
  if (!(await tabs.isVisible())) return;
  const tab = tabs.getByRole('tab', { name });
  if ((await tab.getAttribute('aria-selected')) === 'true') return;
  const current = tabs.locator('[aria-selected="true"]');
  // The tab list is one Tab stop: the selected tab; the arrows move and show.
  await reach(page, current);
  while ((await tab.getAttribute('aria-selected')) !== 'true') await press(page, 'ArrowRight');
  await expect(tab).toBeFocused();
}

async function typeText(page: Page, text: string) {
  await page.keyboard.type(text);
  await expectFocusShown(page, `typing '${text}'`);
}

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, deviceScaleFactor: screen.scale });

    test('the main loop by keyboard alone, with the focus always shown and nothing covered', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const title = `Keyboard paper ${screen.viewport.width}`;
      await page.goto('/');
      await expect(paperList(page)).toBeAttached();

      // The wizard: the empty paper, a title, no files, Save.
      await showPane(page, 'Papers');
      await activate(page, page.getByRole('button', { name: '+ Add Paper' }));
      const dialog = wizard(page);
      await expect(dialog).toBeVisible();
      const empty = dialog.getByRole('radio', { name: /^Empty paper/ });
      await reach(page, dialog.getByRole('radio').first());
      // The arrows move the choice round the group: up from the first is the last, Empty paper.
      await press(page, 'ArrowUp');
      await expect(empty).toBeChecked();
      await activate(page, dialog.getByRole('button', { name: 'Next' }));
      const titleField = dialog.getByLabel('Title');
      await expect(titleField).toBeFocused();
      await typeText(page, title);
      await activate(page, dialog.getByRole('button', { name: 'Next' }));
      await expect(dialog.getByRole('heading', { name: 'Upload files' })).toBeVisible();
      await expectFocusShown(page, 'the upload step');
      await activate(page, dialog.getByRole('button', { name: 'Save' }));
      await expect(dialog).toBeHidden();
      await expect(page.getByLabel('Paper title')).toHaveValue(title);
      // Save puts the focus in the new paper's text.
      await expect(editor(page)).toBeFocused();
      await expectFocusShown(page, 'Save in the wizard');

      // Writing.
      await typeText(page, 'Open access articles and their citation counts. ');
      await expect(editor(page)).toContainText('Open access articles and their citation counts.');

      // Searching References, announced in the polite region.
      await showPane(page, 'References');
      const pane = referencesPane(page);
      const field = pane.getByLabel('Search literature');
      await reach(page, field);
      await typeText(page, 'open access citation');
      await press(page, 'Enter');
      const found = pane.getByText(/^Found \d+ results$/);
      await expect(found).toBeVisible({ timeout: 30_000 });
      const announcer = page.locator('[data-announcer="polite"]');
      await expect(announcer).toHaveAttribute('aria-live', 'polite');
      await expect(announcer).toHaveText((await found.textContent()) ?? 'Found');

      // Citing the first result at the cursor from its reference modal.
      const first = pane.locator('.search-result').first();
      const workTitle = (await first.locator('.result-title').textContent()) ?? '';
      await activate(page, first);
      const modal = page.getByRole('dialog', { name: workTitle });
      await expect(modal).toBeVisible();
      await activate(page, modal.getByTitle('Insert citation at cursor position'));
      await expect(modal).toBeHidden();
      await expectFocusShown(page, 'inserting a citation');
      await expect(editor(page).locator('.citation-label')).toHaveCount(1);

      // Exporting as HTML: the download starts, Escape closes the menu on its button.
      await showPane(page, 'Editor');
      const exportButton = page.getByRole('button', { name: 'Export', exact: true });
      await reach(page, exportButton);
      await press(page, 'Enter');
      const menu = page.getByRole('menu', { name: 'Export' });
      const html = menu.getByRole('menuitem', { name: 'Export as HTML' });
      for (let presses = 0; presses < 10 && !(await isFocused(html)); presses += 1) {
        await press(page, 'ArrowDown');
      }
      await expectUsable(page);
      const download = page.waitForEvent('download');
      await press(page, 'Enter');
      expect((await download).suggestedFilename()).toMatch(/\.html$/);
      await press(page, 'Escape');
      await expect(menu).toBeHidden();
      await expect(exportButton).toBeFocused();

      // Enter in the title saves and goes on in the text; closing the paper focuses its entry.
      await reach(page, page.getByLabel('Paper title'));
      await press(page, 'Enter');
      await expect(page.getByText('Saved', { exact: true })).toBeVisible();
      await expect(editor(page)).toBeFocused();
      await activate(page, page.getByRole('button', { name: 'Close', exact: true }));
      await expect(page.getByLabel('Paper title')).toHaveCount(0);
      await expectFocusShown(page, 'closing the paper');
      await expect(paperList(page).locator(':focus')).toHaveCount(1);

      // Data Analysis opens and closes with Escape, back on its button.
      const analysisButton = page.getByRole('button', { name: 'Data Analysis', exact: true });
      await showPane(page, 'Papers');
      await activate(page, analysisButton);
      const analysis = page.getByRole('dialog', { name: 'Data Analysis Assistant' });
      await expect(analysis).toBeVisible();
      await expectFocusShown(page, 'opening Data Analysis');
      await press(page, 'Escape');
      await expect(analysis).toBeHidden();
      await expect(analysisButton).toBeFocused();

      // The research chat: a question typed and sent with Enter, its answer in the log.
      const openChat = page.locator('.sidebar').getByRole('button', { name: 'Open Chat' });
      await reach(page, openChat);
      await press(page, 'Enter');
      const chat = page.getByRole('dialog', { name: 'Research Assistant' });
      await expect(chat).toBeVisible();
      await reach(page, chat.getByLabel('Your question'));
      await typeText(page, 'Are open access articles cited more often?');
      await press(page, 'Enter');
      const log = chat.getByRole('log', { name: 'Messages' });
      await expect(log).toHaveAttribute('aria-live', 'polite');
      await expect(
        log.getByRole('article', { name: 'Research assistant message' }).first(),
      ).toContainText('Open access articles are cited more often', { timeout: 45_000 });
      await expectFocusShown(page, 'the answer');
      // The conversation list is reachable and in view.
      await reach(page, chat.getByLabel('Search chats'));
      await press(page, 'Escape');
      await expect(chat).toBeHidden();
      await expect(openChat).toBeFocused();
    });
  });
}
