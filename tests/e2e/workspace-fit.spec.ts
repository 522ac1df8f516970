import type { Locator, Page } from '@playwright/test';
import { createPaper, editor, expect, openPaper, test } from './editor-helpers';
import { paperList } from './helpers';

/**
 * Issue 33 item 12: at 1024×768 long paper titles and the title input were cut and the section
 * menu reached the bottom edge. At the narrowest and the widest desktop window every one of them
 * lies inside the window, and a title that does not fit ends in an ellipsis with the whole title
 * in its tooltip and accessible name.
 */

const TITLE =
  'A very long title about message passing neural networks for molecular property prediction in drug discovery and materials science';
const SECTIONS = Array.from(
  { length: 12 },
  (_, index) => `## Section ${index + 1}\n\nText of section ${index + 1}.`,
).join('\n\n');

async function expectInside(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, locator.toString()).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, locator.toString()).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height, locator.toString()).toBeLessThanOrEqual(viewport.height);
}

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${viewport.width}×${viewport.height} titles and the section menu lie inside the window`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // One title per window size: the worker's tests share one account and its paper list.
    const title = `${TITLE} at ${viewport.width} px`;
    await createPaper(page, title, SECTIONS);
    await openPaper(page, title);

    // The list shows the title on at most two lines and names it whole.
    const item = paperList(page).getByRole('button', { name: new RegExp(`^${title}`) });
    await expectInside(page, item);
    await expect(item).toHaveAttribute('title', title);
    const shown = item.locator('.paper-title');
    const clipped = await shown.evaluate((element) => element.scrollHeight > element.clientHeight);
    if (clipped) {
      expect(await shown.evaluate((element) => getComputedStyle(element).webkitLineClamp)).toBe(
        '2',
      );
    }

    // The title input: inside the bar, an ellipsis where it is cut, the whole title as its tooltip.
    const input = page.getByRole('textbox', { name: 'Paper title' });
    await expectInside(page, input);
    await expect(input).toHaveValue(title);
    await expect(input).toHaveAttribute('title', title);
    const fits = await input.evaluate((element) => element.scrollWidth <= element.clientWidth);
    if (!fits) {
      expect(await input.evaluate((element) => getComputedStyle(element).textOverflow)).toBe(
        'ellipsis',
      );
    }

    // The last heading's menu, opened at the window's bottom edge, opens upwards, in view.
    const last = editor(page).getByRole('button', { name: 'Section menu 12', exact: true });
    await last.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await last.click();
    const menu = page.locator('.section-menu');
    await expect(menu.getByRole('menu')).toBeVisible();
    await expectInside(page, menu);
    for (const entry of await menu.getByRole('menuitem').all()) await expectInside(page, entry);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
}
