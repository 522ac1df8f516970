import { test as base, expect, type Page } from '@playwright/test';

export { expect };

let currentErrors: string[] | null = null;

/**
 * Fails the running test on an uncaught error in `page` (an exception or a rejected promise
 * nobody handled). The test's own `page` is watched already; pages a test opens itself
 * (`browser.newPage`, for a second server) are watched by passing them here.
 */
export function watchPageErrors(page: Page): Page {
  const errors = currentErrors;
  if (errors) page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  return page;
}

/**
 * Playwright's `test`, failing on uncaught errors in the app's pages. Such an error can leave a
 * screen frozen while every element a test looks for is still there, as a streamed preview once
 * did.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture needs from the pattern
    async ({}, use) => {
      const errors: string[] = [];
      currentErrors = errors;
      await use(errors);
      currentErrors = null;
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, pageErrors }, use) => {
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    await use(page);
  },
});
