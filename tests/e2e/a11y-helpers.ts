import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './page-test';

/** axe-core over the page (or one dialog): no serious or critical violation. */
export async function expectAccessible(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const grave = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(grave).toEqual([]);
}

/** Presses Tab until `target` has the focus, as a keyboard user would reach it. */
export async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The focused element shows where the focus is (the global :focus-visible outline). */
export async function expectFocusRing(target: Locator) {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThan(0);
}

/** What the focused element is, for telling the stops of a tab cycle apart; null outside `dialog`. */
function focusedIn(dialog: Locator) {
  return dialog.evaluate((root) => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || !root.contains(active)) return null;
    // Its place in the dialog's tree, and its name: two stops never share both.
    const path: number[] = [];
    let node: Element = active;
    while (node !== root && node.parentElement) {
      path.unshift([...node.parentElement.children].indexOf(node));
      node = node.parentElement;
    }
    return `${active.tagName.toLowerCase()} ${path.join('.')}: ${(active.getAttribute('aria-label') ?? active.textContent ?? '').slice(0, 40)}`;
  });
}

/**
 * A modal dialog keeps the keyboard: Tab visits its stops and comes round to the first again,
 * Shift+Tab goes the same round backwards, and the focus is never outside it (nor on the
 * invisible guards that turn it round). Returns the stops, in Tab order.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, maxStops = 40) {
  const start = await focusedIn(dialog);
  expect(start, 'the focus starts inside the dialog').not.toBeNull();
  const stops: string[] = [];
  for (let presses = 0; presses <= maxStops; presses += 1) {
    await page.keyboard.press('Tab');
    const now = await focusedIn(dialog);
    expect(now, `Tab ${presses + 1} left the dialog`).not.toBeNull();
    await expect(dialog.locator(':focus')).not.toHaveAttribute('data-focus-edge');
    if (now === start) break;
    stops.push(now ?? '');
  }
  // Round: back at the start within the stops there are (each stop once).
  expect(new Set(stops).size).toBe(stops.length);
  expect(stops.length).toBeLessThan(maxStops);
  const cycle = [...stops, start ?? ''];
  const backwards: string[] = [];
  for (let presses = 0; presses < cycle.length; presses += 1) {
    await page.keyboard.press('Shift+Tab');
    const now = await focusedIn(dialog);
    expect(now, `Shift+Tab ${presses + 1} left the dialog`).not.toBeNull();
    backwards.push(now ?? '');
  }
  expect(backwards).toEqual(
    [...cycle]
      .reverse()
      .slice(1)
      .concat(start ?? ''),
  );
  return cycle;
}

/** axe-core's WCAG 2.0 and 2.1 A and AA rules over the page (or one part): no violation at all. */
export async function expectWcagClean(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    ),
  ).toEqual([]);
}

/** The focus is on an element of the page after an action, never dropped to its body. */
export async function expectFocusNotLost(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active !== null && active !== document.body;
      }),
    )
    .toBe(true);
}
