import { test as base, expect } from '@playwright/test';

export { expect };

/**
 * Playwright's `test` whose page fails the test on an uncaught error in the app (an exception
 * or a rejected promise nobody handled). Such an error can leave a screen frozen while every
 * element a test looks for is still there, as a streamed preview once did.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});
