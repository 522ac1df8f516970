import { expect, type Locator, type Page } from '@playwright/test';

let counter = 0;

/**
 * Makes the page one user's own machine: the e2e server trusts loopback as its proxy
 * (playwright.config.ts), so this address is the client address its per-client limits
 * (sign-ups per hour, auth requests per minute) count, as they would for real users.
 */
export async function useOwnClientAddress(page: Page) {
  const part = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${part()}.${part()}.${part()}` });
}

/** Signs a new user up through the real sign-in page and waits for the workspace. */
export async function signUp(page: Page, name = 'Marie Curie', options: { tours?: boolean } = {}) {
  counter += 1;
  const email = `e2e-${process.env.TEST_WORKER_INDEX ?? 0}-${Date.now()}-${counter}@example.org`;
  await useOwnClientAddress(page);
  await page.goto('/auth/signin');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('radioactive123');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The first workspace load (a lazily loaded bundle and a dozen requests) can outlast an
  // assertion's 10 s on a machine busy with other work; tests with several people meet it often.
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible({
    timeout: 30_000,
  });
  if (!options.tours) await skipTours(page);
  return email;
}

/**
 * Records through the API that the signed-in user has seen the guided tours, and reloads, so
 * a tour (shown to a new user a moment after the workspace opens) cannot lie over what a test
 * clicks. The tours' own tests (first-contact-tours.spec.ts) sign up without this.
 */
export async function skipTours(page: Page) {
  const response = await page.request.post(new URL('/api/tours/seen', page.url()).href, {
    data: { tours: ['landing', 'editor'] },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
}

/** The Create New Paper wizard that Add Paper opens (001 §2). */
export function wizard(page: Page) {
  return page.getByRole('dialog', { name: 'Create New Paper' });
}

/**
 * Creates an empty paper through the wizard, its fast path (choose the type, a title, no files,
 * Save: no structure is generated), and waits until it is open in the editor.
 */
export async function addPaper(page: Page, title: string) {
  await page.getByRole('button', { name: '+ Add Paper' }).click();
  const dialog = wizard(page);
  await dialog.getByRole('radio', { name: /^Empty paper/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: 'Upload files' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Paper title')).toHaveValue(title);
}

export function paperList(page: Page) {
  return page.locator('.paper-list');
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}

/**
 * Fails unless `target` lies fully inside the viewport and is the topmost element at its centre,
 * so a person's click there reaches it and nothing lying over it.
 */
export async function expectTopmost(target: Locator) {
  await expect(target).toBeInViewport({ ratio: 1 });
  const onTop = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit) ? 'itself' : (hit?.outerHTML.slice(0, 160) ?? '');
  });
  expect(onTop, `the topmost element at the centre of ${target.toString()}`).toBe('itself');
}
