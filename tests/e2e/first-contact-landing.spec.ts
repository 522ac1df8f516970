import type { Locator, Page } from '@playwright/test';
import { expect, test } from './page-test';
import { screenshot, signUp } from './helpers';
import { expectTopmost } from './layout-helpers';
import { expectAccessible, expectFocusRing, expectFocusTrapped, tabTo } from './a11y-helpers';
import { formatDollars, formatExamplePaperCost } from '../../src/shared/billing/money';

async function openDialog(page: Page, button: Locator, name: string) {
  await expectTopmost(button);
  await button.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeInViewport();
  return dialog;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Start Exploring Insights' })).toBeVisible();
});

test('Learn more tells a visitor what Scriptor does and does not do', async ({ page }) => {
  const hero = page.locator('.hero');
  const about = await openDialog(
    page,
    hero.getByRole('button', { name: 'Learn more' }),
    'About Scriptor',
  );
  for (const heading of [
    'What it can do',
    'What it cannot do',
    'Best practices',
    'Our educational philosophy',
    'Coming soon',
  ]) {
    await expect(about.getByRole('heading', { name: heading })).toBeVisible();
  }
  // The limits 002 §1 says are stated to the user.
  await expect(about).toContainText('Only abstracts are searched');
  await expect(about).toContainText('unless you upload them');
  await expect(about).toContainText('only a limited number of uploaded files');
  await expect(about).toContainText('It does no original research');
  await expect(about).toContainText('charts, figures or tables');
  await expect(about).toContainText('Citations link to real articles');
  await expect(about).toContainText('may be tenuous');
  await expect(about).toContainText('The AI may hallucinate.');
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'first-contact-about');
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
});

test('About states what this server does: its library, the catalogues it asks, its data analysis', async ({
  page,
}) => {
  // Issue 33, item 11: About promised 130M+ abstracts on a server holding 20,999, and denied
  // charts while Data Analysis drew them. The e2e server asks its library and arXiv only.
  await signUp(page, 'Grace Hopper');
  const library = await (await page.request.get('/api/literature/status')).json();
  const analysis = await (await page.request.get('/api/data-analysis/status')).json();
  expect(library.works).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'About Scriptor' }).click();
  const about = page.getByRole('dialog', { name: 'About Scriptor' });
  const count = (library.works as number).toLocaleString('en-US');
  await expect(about).toContainText(
    `Search the ${count} scientific paper abstracts in this server's library and arXiv, and cite the articles it uses.`,
  );
  await expect(about).not.toContainText('130M');
  if (analysis.available) {
    await expect(about).toContainText('Data Analysis runs Python on them and draws charts');
    await expect(about).not.toContainText('It does not produce charts');
  } else {
    await expect(about).toContainText('It does not produce charts, figures or tables from data');
    await expect(about).not.toContainText('draws charts');
  }
});

test('Watch Demo plays the video from this site and says the AI steps are sped up', async ({
  page,
}) => {
  const demo = await openDialog(
    page,
    page.locator('.hero').getByRole('button', { name: 'Watch Demo' }),
    'Scriptor demo',
  );
  await expect(demo).toContainText('The steps where the AI works are sped up');
  const video = demo.locator('video');
  const source = await video.getAttribute('src');
  expect(source).toMatch(/^\/media\/.+\.webm$/);
  const served = await page.request.head(source ?? '');
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('video/webm');
  // The browser can decode it: its length is known once the metadata has loaded.
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration))
    .toBeGreaterThan(1);
  await expectAccessible(page, '[role="dialog"]');
  await demo.getByRole('button', { name: 'Close' }).click();
  await expect(demo).toBeHidden();
});

test('View pricing details lists the models and the typical paper cost', async ({ page }) => {
  const box = page.getByRole('region', { name: 'Pricing' });
  // The example uses the first priced model of the server's catalogue, when it has one.
  const { models } = (await (await page.request.get('/api/pricing')).json()) as {
    models: { cost_per_section: number | null }[];
  };
  const cost = models.find((model) => model.cost_per_section !== null)?.cost_per_section;
  if (cost === undefined || cost === null) {
    await expect(box.getByTestId('cost-example')).toHaveCount(0);
  } else {
    await expect(box.getByTestId('cost-example')).toContainText(
      `1 structure generation + 20 sections = 21 × ${formatDollars(cost)} = ${formatExamplePaperCost(cost)}`,
    );
  }
  const pricing = await openDialog(
    page,
    box.getByRole('button', { name: 'View pricing details' }),
    'Pricing',
  );
  await expect(
    pricing.getByRole('list', { name: 'Models' }).or(pricing.getByText('No models available.')),
  ).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(pricing).toBeHidden();
});

test('See Example Papers opens each example read-only; a visitor is sent to sign up', async ({
  page,
}) => {
  const examples = await openDialog(
    page,
    page.locator('.hero').getByRole('button', { name: 'See Example Papers' }),
    'Example Papers',
  );
  const items = examples.locator('.example-item');
  await expect(items).toHaveCount(4);
  await expect(examples).toContainText('Scientific paper');
  await expect(examples).toContainText('Literature review');
  await expect(examples).toContainText('Assignment');
  await expect(examples).toContainText('Essay');
  await expectAccessible(page, '[role="dialog"]');

  await examples.getByRole('button', { name: /Warming Climate and Species/ }).click();
  const content = examples.locator('.scriptor-editor');
  await expect(content).toBeVisible();
  await expect(content).toHaveAttribute('contenteditable', 'false');
  // An equation, a table, a figure (diagram) and the reference list, as the editor renders them.
  await expect(content.locator('table')).toBeVisible();
  await expect(content.locator('.katex').first()).toBeVisible();
  await expect(content.locator('svg').first()).toBeVisible();
  await expect(content.getByText('Nomoto, H. A., & Alexander, J. (2021)')).toBeVisible();
  // A citation shows the article it points to.
  await content.getByText('(Hill et al., 2011)').first().click();
  await expect(examples.getByRole('complementary', { name: 'Cited article' })).toContainText(
    'Climate change and evolutionary adaptations',
  );
  await expectAccessible(page, '[role="dialog"]');
  await screenshot(page, 'first-contact-example');

  await examples.getByRole('button', { name: 'Use as a starting point' }).click();
  await expect(page).toHaveURL(/\/auth\/signin\?mode=signup$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('the landing page passes the accessibility scan and works from the keyboard', async ({
  page,
}) => {
  await expectAccessible(page);
  // Tab reaches the hero's buttons with a visible focus ring, and Enter opens a dialog whose
  // focus is inside and visible; Escape closes it and the focus is back on the button.
  const learnMore = page.locator('.hero').getByRole('button', { name: 'Learn more' });
  await tabTo(page, learnMore);
  await expectFocusRing(learnMore);
  await page.keyboard.press('Enter');
  const about = page.getByRole('dialog', { name: 'About Scriptor' });
  await expect(about).toBeVisible();
  await expectFocusRing(about.locator(':focus'));
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await expect(learnMore).toBeFocused();

  // The examples from the keyboard: open one, read it, back to the list, close.
  const seeExamples = page.locator('.hero').getByRole('button', { name: 'See Example Papers' });
  await tabTo(page, seeExamples);
  await page.keyboard.press('Enter');
  const examples = page.getByRole('dialog', { name: 'Example Papers' });
  const first = examples.getByRole('button', { name: /Warming Climate and Species/ });
  await expectFocusRing(first);
  await page.keyboard.press('Enter');
  const view = examples.locator('.example-view');
  await expect(view.locator('.scriptor-editor')).toBeVisible();
  await expect(view).toBeFocused();
  const back = examples.getByRole('button', { name: '← All examples' });
  await tabTo(page, back);
  await expectFocusRing(back);
  await page.keyboard.press('Enter');
  await expectFocusRing(first);
  await page.keyboard.press('Escape');
  await expect(examples).toBeHidden();
  await expect(seeExamples).toBeFocused();

  await page.getByRole('button', { name: 'Join' }).first().click();
  await expect(page).toHaveURL(/\/auth\/signin\?mode=signup$/);
  await expectAccessible(page);
});

test('a dialog keeps Tab inside it; an example paper’s citations open from the keyboard', async ({
  page,
}) => {
  // About: its text and Close, round and round, forwards and backwards.
  const learnMore = page.locator('.hero').getByRole('button', { name: 'Learn more' });
  await tabTo(page, learnMore);
  await page.keyboard.press('Enter');
  const about = page.getByRole('dialog', { name: 'About Scriptor' });
  await expect(about).toBeVisible();
  const aboutStops = await expectFocusTrapped(page, about);
  expect(aboutStops.length).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await expect(learnMore).toBeFocused();

  // An example open: its citations are buttons in the Tab order, Enter and Space open them.
  const { examples: listed } = (await (await page.request.get('/api/examples')).json()) as {
    examples: { id: string; title: string }[];
  };
  const climate = listed.find((example) => example.title.startsWith('Warming Climate'));
  const { citations } = (await (
    await page.request.get(`/api/examples/${climate?.id ?? ''}`)
  ).json()) as { citations: { refId: string; title: string }[] };
  const titleOf = async (label: Locator) => {
    const refId = await label.getAttribute('data-ref-id');
    return citations.find((work) => work.refId === refId)?.title ?? `no work ${refId}`;
  };

  const seeExamples = page.locator('.hero').getByRole('button', { name: 'See Example Papers' });
  await tabTo(page, seeExamples);
  await page.keyboard.press('Enter');
  const examples = page.getByRole('dialog', { name: 'Example Papers' });
  await expectFocusRing(examples.getByRole('button', { name: /Warming Climate and Species/ }));
  await page.keyboard.press('Enter');
  const view = examples.locator('.example-view');
  await expect(view).toBeFocused();
  const labels = view.locator('.scriptor-editor .citation-label');
  await expect(labels).toHaveCount(9);
  const cited = examples.getByRole('complementary', { name: 'Cited article' });

  const first = labels.first();
  await tabTo(page, first);
  await expectFocusRing(first);
  await expect(first).toHaveRole('button');
  await page.keyboard.press('Enter');
  await expect(cited).toContainText(await titleOf(first));
  await expect(first).toBeFocused();

  // The next label naming another work, by Space; the page does not scroll for it.
  const firstRefId = await first.getAttribute('data-ref-id');
  const next = view.locator(`.citation-label:not([data-ref-id="${firstRefId}"])`).first();
  await tabTo(page, next);
  await expectFocusRing(next);
  const scrolled = () => examples.locator('.modal-body').evaluate((body) => body.scrollTop);
  const before = await scrolled();
  await page.keyboard.press(' ');
  await expect(cited).toContainText(await titleOf(next));
  expect(await scrolled()).toBe(before);

  // The dialog with an example open keeps Tab inside too, citations included.
  const stops = await expectFocusTrapped(page, examples);
  expect(stops.filter((stop) => stop.startsWith('span ')).length).toBe(9);
  await expectAccessible(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(examples).toBeHidden();
  await expect(seeExamples).toBeFocused();
});
