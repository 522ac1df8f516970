import type { Locator, Page } from '@playwright/test';
import { expectWcagClean } from './a11y-helpers';
import { createPaper, editor, expect, importReferences, openPaper, test } from './editor-helpers';
import { CORPUS_LOAD_MS, referencesPane } from './references-helpers';

/** 200% zoom of a 1280×800 window is 640×400 CSS pixels; a phone is 390×844. */
const SCREENS = [
  { name: '200% zoom of 1280×800', width: 640, height: 400 },
  { name: 'a 390×844 phone', width: 390, height: 844 },
];

/**
 * In view with nothing over it, after scrolling it into view as a person would: its box inside
 * the window (a pixel of rounding at a scroller's edge allowed) and itself the topmost element
 * at its centre.
 */
async function usable(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeInViewport({ ratio: 0.98 });
  const page = target.page();
  const viewport = page.viewportSize();
  const box = await target.boundingBox();
  expect(box).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(-1);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1);
  const onTop = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(onTop, `${target.toString()} is covered`).toBe(true);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const screen of SCREENS) {
  test.describe(`at ${screen.name}`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('one pane at a time: writing, searching and the papers list are all usable', async ({
      page,
    }) => {
      await createPaper(page, `Reflow ${screen.width}`, '## Introduction\n\nSleep and memory.\n');
      await page.goto('/');
      const tabs = page.getByRole('tablist', { name: 'Panes' });
      await expect(tabs).toBeVisible();
      await tabs.getByRole('tab', { name: 'Papers' }).click();
      const entry = page
        .locator('.paper-list')
        .getByText(`Reflow ${screen.width}`, { exact: true });
      await usable(entry);
      await entry.click();

      // The editor pane: the title, Save and the text.
      await expect(tabs.getByRole('tab', { name: 'Editor' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await usable(page.getByLabel('Paper title'));
      const titleBox = await page.getByLabel('Paper title').boundingBox();
      expect(titleBox?.width ?? 0).toBeGreaterThan(120);
      await usable(page.getByRole('button', { name: 'Save', exact: true }));
      await usable(page.getByRole('button', { name: 'Export', exact: true }));
      await usable(editor(page).getByText('Sleep and memory.'));
      await editor(page).click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.type(' Typed on a small screen.');
      await expect(editor(page)).toContainText('Typed on a small screen.');
      await expectWcagClean(page);

      // The References pane: the search field, the button and the results.
      await tabs.getByRole('tab', { name: 'References' }).click();
      const pane = referencesPane(page);
      const field = pane.getByLabel('Search literature');
      await usable(field);
      expect((await field.boundingBox())?.width ?? 0).toBeGreaterThan(150);
      await field.fill('neural networks');
      await expect(async () => {
        await pane.getByRole('button', { name: 'Search', exact: true }).click();
        await expect(pane.getByText(/^Found \d+ results$/)).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: CORPUS_LOAD_MS, intervals: [2_000] });
      await usable(pane.locator('.search-result').first());
      await expectWcagClean(page);

      // Back to the paper: what was typed is still there.
      await tabs.getByRole('tab', { name: 'Editor' }).click();
      await expect(editor(page)).toContainText('Typed on a small screen.');
      await noSidewaysScroll(page);
    });

    test('the landing page does not scroll sideways', async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: screen.width, height: screen.height },
      });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await noSidewaysScroll(page);
      await context.close();
    });
  });
}

const CITED = Array.from(
  { length: 8 },
  (_, index) =>
    `@article{work${index}, author = {Author${index}, Ann}, title = {Cited work number ${index}}, journal = {Journal}, year = {20${10 + index}}}`,
).join('\n');

test('at 1440×900 the References pane shows several results beside the cited works', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const paper = await createPaper(page, 'Roomy results');
  await importReferences(page, paper.id, CITED);
  await openPaper(page, 'Roomy results');
  const pane = referencesPane(page);
  await expect(pane.getByText('Cited work number 0')).toBeVisible();
  await pane.getByLabel('Search literature').fill('neural networks');
  await expect(async () => {
    await pane.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(pane.getByText(/^Found \d+ results$/)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: CORPUS_LOAD_MS, intervals: [2_000] });
  // The results keep room for several works (a result is about 90 px tall); the cited list
  // scrolls in what is left, inside the window.
  const results = await pane.locator('.search-results').boundingBox();
  expect(results?.height ?? 0).toBeGreaterThanOrEqual(300);
  const cited = await pane.locator('.cited-works').boundingBox();
  expect((cited?.y ?? 0) + (cited?.height ?? 0)).toBeLessThanOrEqual(900);
});
