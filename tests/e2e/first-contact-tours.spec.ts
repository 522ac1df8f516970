import type { Page } from '@playwright/test';
import { expect, test } from './page-test';
import { addPaper, paperList, signUp } from './helpers';
import { expectAccessible } from './a11y-helpers';

/** The driver.js popover of a running tour. */
const tourPopover = (page: Page) => page.locator('.driver-popover');

async function expectTourStep(page: Page, title: string) {
  const popover = tourPopover(page);
  await expect(popover.locator('.driver-popover-title')).toHaveText(title);
  await expect(popover).toBeInViewport({ ratio: 1 });
}

async function closeTour(page: Page) {
  await page.keyboard.press('Escape');
  await expect(tourPopover(page)).toBeHidden();
}

async function createPaper(page: Page, title: string, content: string) {
  const created = await page.request.post('/api/papers', {
    data: { title, type: 'essay', content },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as { id: string };
}

test('a new user is shown the workspace tour once, and the editor tour once', async ({ page }) => {
  await signUp(page, 'Rosalind Franklin', { tours: true });
  await expectTourStep(page, 'Start a paper');
  await expectAccessible(page, '.driver-popover');
  await page.keyboard.press('ArrowRight');
  await expectTourStep(page, 'Choose the AI model');
  await closeTour(page);

  // Once per user, remembered by the server: a reload (or another browser) shows it no more.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
  await createPaper(page, 'Tour paper', '## Introduction\n\nSome text.');
  await page.reload();
  await paperList(page).getByText('Tour paper', { exact: true }).click();
  await expect(page.getByLabel('Paper title')).toHaveValue('Tour paper');
  await expectTourStep(page, 'Your paper');
  await expectAccessible(page, '.driver-popover');
  await page.keyboard.press('ArrowRight');
  await expectTourStep(page, 'Formatting');
  await closeTour(page);

  await page.locator('.paper-header').getByRole('button', { name: 'Close', exact: true }).click();
  await paperList(page).getByText('Tour paper', { exact: true }).click();
  await expect(page.getByLabel('Paper title')).toHaveValue('Tour paper');
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeHidden();
  // Past the tour's delay (1 s) nothing has started again.
  await page.waitForTimeout(1500);
  await expect(tourPopover(page)).toBeHidden();
  expect((await (await page.request.get('/api/tours')).json()).seen).toEqual(['editor', 'landing']);

  // The help menu replays either tour on demand.
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Editor tour' }).click();
  await expectTourStep(page, 'Your paper');
  await closeTour(page);
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Workspace tour' }).click();
  await expectTourStep(page, 'Start a paper');
  await closeTour(page);
});

test('typing at once into a new paper loses no key to the editor tour, which waits for an idle visit', async ({
  page,
}) => {
  // Issue 33, item 1: 'Switchword one.' typed as the tour started became 'Sone.'.
  await signUp(page, 'Barbara McClintock', { tours: true });
  await expectTourStep(page, 'Start a paper');
  await closeTour(page);
  await addPaper(page, 'Typed at once');
  const editor = page.locator('.scriptor-editor');
  await editor.click();
  await page.keyboard.type('Switchword one.');
  // The person pauses past the tour's delay (1 s) and goes on: they had begun working, so no
  // tour has taken the keyboard from them.
  await page.waitForTimeout(1500);
  await expect(tourPopover(page)).toBeHidden();
  await page.keyboard.type(' Two words more.');
  await expect(editor).toHaveText('Switchword one. Two words more.');
  expect((await (await page.request.get('/api/tours')).json()).seen).toEqual(['landing']);

  // Opened again by someone who only looks, the paper shows the editor tour.
  await page.locator('.paper-header').getByRole('button', { name: 'Close', exact: true }).click();
  await paperList(page).getByText('Typed at once', { exact: true }).click();
  // The typing is in the live document, unsaved: the paper opens with it and asks nothing.
  await expect(editor).toHaveText('Switchword one. Two words more.');
  await expectTourStep(page, 'Your paper');
  await closeTour(page);
});
