import { expect, type Locator } from '@playwright/test';

/**
 * Scrolls `locator` into view and checks that a person sees it: the topmost element at its
 * centre is the element itself (or inside it), not something covering it.
 */
export async function expectTopmost(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const topmost = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(topmost, `${locator.toString()} is covered`).toBe(true);
}

/** How many lines the element's text is laid out on: 1 when it does not wrap. */
export async function textLines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.bottom))).size;
  });
}
