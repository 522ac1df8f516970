import type { Response, Route } from '@playwright/test';
import { expect, test } from './page-test';
import { paperList, screenshot, signUp } from './helpers';
import { expectTopmost } from './layout-helpers';
import { expectAccessible, expectFocusRing, expectFocusTrapped, tabTo } from './a11y-helpers';
import { formatDollars, formatExamplePaperCost } from '../../src/shared/billing/money';

const STEP_COUNT = 16;

test('the welcome screen opens every first-contact dialog and passes the accessibility scan', async ({
  page,
}) => {
  await signUp(page);
  const welcome = page.locator('.welcome');
  await expectAccessible(page);

  // The example is priced with the user's model (the server's default for a new user), if any.
  const { model } = (await (await page.request.get('/api/models/default')).json()) as {
    model: { cost_per_section: number | null } | null;
  };
  const cost = model?.cost_per_section;
  if (cost === undefined || cost === null) {
    await expect(welcome.getByTestId('cost-example')).toHaveCount(0);
  } else {
    await expect(welcome.getByTestId('cost-example')).toContainText(
      `21 × ${formatDollars(cost)} = ${formatExamplePaperCost(cost)}`,
    );
  }
  await welcome.getByRole('button', { name: 'Learn more' }).click();
  await expect(page.getByRole('dialog', { name: 'About Scriptor' })).toBeVisible();
  await page.keyboard.press('Escape');
  await welcome.getByRole('button', { name: 'Watch Demo' }).click();
  await expect(page.getByRole('dialog', { name: 'Scriptor demo' })).toBeVisible();
  await page.keyboard.press('Escape');

  const addPaper = welcome.getByRole('button', { name: 'Add Paper' });
  await expectTopmost(addPaper);
  await addPaper.click();
  await expect(page.getByRole('dialog', { name: 'Create New Paper' })).toBeVisible();
  await page.keyboard.press('Escape');
  const openChat = welcome.getByRole('button', { name: 'Open Chat' });
  await expectTopmost(openChat);
  await openChat.click();
  await expect(page.getByRole('dialog', { name: 'Research Assistant' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Research Assistant' })).toBeHidden();

  await welcome.getByRole('button', { name: 'Show the detailed process' }).click();
  await expect(welcome.getByText('Finalize and export.')).toBeVisible();
  await welcome.getByRole('button', { name: 'Hide the detailed process' }).click();
  await expect(welcome.getByText('Finalize and export.')).toBeHidden();
  for (const feature of ['Smart Templates', 'Deep Scientific Insights', 'Complete Control']) {
    await expect(welcome.getByRole('heading', { name: feature })).toBeVisible();
  }
});

test('the walkthrough and the help menu work from the keyboard, with the focus in view', async ({
  page,
}) => {
  await signUp(page);
  const walkthrough = page.locator('.welcome').getByRole('button', { name: 'Walkthrough' });
  await expect(walkthrough).toBeEnabled();
  await tabTo(page, walkthrough);
  await expectFocusRing(walkthrough);
  await page.keyboard.press('Enter');
  const lightbox = page.getByRole('dialog', { name: 'Walkthrough' });
  await expect(lightbox).toBeVisible();
  await expectFocusRing(lightbox.locator(':focus'));
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.locator('.walkthrough-position')).toHaveText(/^Step 2 of \d+$/);
  // Tab goes round the lightbox's controls, never to the page behind it.
  await expectFocusTrapped(page, lightbox);
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  await expect(walkthrough).toBeFocused();

  // The help menu: Enter opens it on its first item, the arrow keys pass over the disabled
  // Editor tour (no paper is open), and the dialog chosen gives the focus back to the menu.
  const help = page.getByRole('button', { name: 'Help' });
  await tabTo(page, help);
  await expectFocusRing(help);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Help' });
  await expect(menu).toBeInViewport();
  await expectFocusRing(menu.getByRole('menuitem', { name: 'Walkthrough' }));
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Workspace tour' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Watch Demo' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'About Scriptor' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Walkthrough' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expectFocusRing(menu.getByRole('menuitem', { name: 'Example papers' }));
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  const examples = page.getByRole('dialog', { name: 'Example Papers' });
  await expect(examples).toBeVisible();
  await expectFocusRing(examples.locator(':focus'));
  await page.keyboard.press('Escape');
  await expect(examples).toBeHidden();
  await expect(help).toBeFocused();
  // Escape in the menu closes it and leaves the focus on its button.
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem', { name: 'Walkthrough' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(help).toBeFocused();
});

test('the walkthrough shows the available screenshots, moves with keys and closes on Esc', async ({
  page,
}) => {
  await signUp(page);
  const button = page.locator('.welcome').getByRole('button', { name: 'Walkthrough' });
  await expect(button).toBeEnabled();
  await button.click();
  const lightbox = page.getByRole('dialog', { name: 'Walkthrough' });
  await expect(lightbox).toBeInViewport();
  const position = lightbox.locator('.walkthrough-position');
  const total = Number((await position.textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThan(0);
  await expect(position).toHaveText(`Step 1 of ${total}`);

  // Every shown image is served; the missing ones are counted in the warning.
  const image = lightbox.locator('img.walkthrough-image');
  const seen = new Set<string>();
  for (let step = 1; step <= total; step += 1) {
    await expect(position).toHaveText(`Step ${step} of ${total}`);
    const source = (await image.getAttribute('src')) ?? '';
    expect(source).toMatch(/^\/narrative\/\d\d-[a-z-]+\.webp$/);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    const head = await page.request.head(source);
    expect(head.status()).toBe(200);
    expect(head.headers()['cache-control']).toBe('no-store');
    seen.add(source);
    await page.keyboard.press('ArrowRight');
  }
  expect(seen.size).toBe(total);
  // Round the end: back at the first step; and left from the first goes to the last.
  await expect(position).toHaveText(`Step 1 of ${total}`);
  await page.keyboard.press('ArrowLeft');
  await expect(position).toHaveText(`Step ${total} of ${total}`);
  await lightbox.getByRole('button', { name: 'Next step' }).click();
  await expect(position).toHaveText(`Step 1 of ${total}`);
  if (total < STEP_COUNT) {
    await expect(lightbox.getByRole('note')).toHaveText(
      `${STEP_COUNT - total} of ${STEP_COUNT} walkthrough screenshots are missing.`,
    );
  }
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'first-contact-walkthrough');
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
});

test('missing screenshots are left out: it opens at the first available step and counts them', async ({
  page,
}) => {
  // Two screenshots this server lacks, the first among them: their HEAD checks answer 404.
  await page.route(/\/narrative\/0[15]-[a-z-]+\.webp$/, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
  await signUp(page);
  await page.locator('.welcome').getByRole('button', { name: 'Walkthrough' }).click();
  const lightbox = page.getByRole('dialog', { name: 'Walkthrough' });
  const position = lightbox.locator('.walkthrough-position');
  const image = lightbox.locator('img.walkthrough-image');
  await expect(position).toHaveText(`Step 1 of ${STEP_COUNT - 2}`);
  await expect(image).toHaveAttribute('src', '/narrative/02-choose-type.webp');
  await expect(lightbox.getByRole('note')).toHaveText(
    `2 of ${STEP_COUNT} walkthrough screenshots are missing.`,
  );
  // Steps 4 and 6 of the flow are neighbours now.
  for (let step = 1; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  await expect(image).toHaveAttribute('src', '/narrative/04-next.webp');
  await page.keyboard.press('ArrowRight');
  await expect(image).toHaveAttribute('src', '/narrative/06-structure.webp');
  // Going round skips the missing first step both ways.
  const previous = lightbox.getByRole('button', { name: 'Previous step' });
  for (let step = 0; step < 3; step += 1) await previous.click();
  await expect(image).toHaveAttribute('src', '/narrative/02-choose-type.webp');
  await page.keyboard.press('ArrowLeft');
  await expect(image).toHaveAttribute('src', '/narrative/16-export.webp');
  await page.keyboard.press('ArrowRight');
  await expect(image).toHaveAttribute('src', '/narrative/02-choose-type.webp');
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
});

test('the screenshots are checked with HEAD, uncached, and the button waits for the checks', async ({
  page,
}) => {
  await signUp(page);
  const button = page.locator('.welcome').getByRole('button', { name: 'Walkthrough' });
  // The checks of the page signUp left are answered before counting those of the next load
  // (on a busy machine a few of them were still arriving, and counted).
  await expect(button).toBeEnabled();
  const checks: Response[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/narrative/')) checks.push(response);
  });
  await page.reload();
  await expect(button).toBeEnabled();
  // Once per page load, each screenshot.
  await expect.poll(() => checks.length).toBe(STEP_COUNT);
  for (const check of checks) {
    expect(check.request().method()).toBe('HEAD');
    // fetch's cache mode 'no-store' bypasses the browser's cache and tells the server so.
    expect((await check.request().allHeaders())['cache-control']).toBe('no-cache');
    expect(check.headers()['cache-control']).toBe('no-store');
  }

  // While the checks are under way the button is disabled, without a warning yet.
  const held: Route[] = [];
  await page.route('**/narrative/*.webp', (route) => {
    held.push(route);
  });
  await page.reload();
  await expect.poll(() => held.length).toBe(STEP_COUNT);
  await expect(button).toBeDisabled();
  await expect(page.locator('.welcome .walkthrough-warning')).toHaveCount(0);
  for (const route of held) await route.continue();
  await expect(button).toBeEnabled();
});

test('with no screenshots the Walkthrough button is disabled and says why', async ({ page }) => {
  // A server whose screenshots were never generated: every /narrative/ file answers 404.
  await page.route('**/narrative/**', (route) => route.fulfill({ status: 404, body: '' }));
  await signUp(page);
  const welcome = page.locator('.welcome');
  await expect(welcome.getByRole('button', { name: 'Walkthrough' })).toBeDisabled();
  await expect(welcome.getByText('All walkthrough screenshots are missing.')).toBeVisible();
});

test('an example paper becomes the user’s own paper with its citations', async ({ page }) => {
  await signUp(page);
  await page.locator('.welcome').getByRole('button', { name: 'See Example Papers' }).click();
  const examples = page.getByRole('dialog', { name: 'Example Papers' });
  await examples.getByRole('button', { name: /Sleep, Stress and Depression/ }).click();
  await expect(examples.locator('.scriptor-editor')).toContainText('Sleep and emotion are closely');
  await examples.getByRole('button', { name: 'Use as a starting point' }).click();
  await expect(examples).toBeHidden();

  await expect(page.getByLabel('Paper title')).toHaveValue(
    'Sleep, Stress and Depression: A Short Review',
  );
  await expect(paperList(page)).toContainText('Sleep, Stress and Depression');
  const editor = page.locator('.pane-centre .scriptor-editor');
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await expect(editor.getByText('(Kahn et al., 2013)').first()).toBeVisible();
  await expectAccessible(page);
  // The copy is the user's: its cited works are in the References pane's cited list.
  await expect(page.getByRole('complementary', { name: 'References' })).toContainText(
    'Sleep and emotions: bidirectional links',
  );
});
