import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './a11y-helpers';
import { createPaper, editor, expect, openPaper, test } from './editor-helpers';

/** The focused element is inside `target` (or is it). */
async function expectFocusIn(target: Locator) {
  await expect
    .poll(() => target.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
}

async function expectNotOnBody(page: Page) {
  const active = await page.evaluate(() => document.activeElement?.tagName ?? 'none');
  expect(active).not.toBe('BODY');
}

test('the pop-up menus are WAI-ARIA menu buttons: focus inside, arrows, Home/End, Escape and Tab', async ({
  page,
}) => {
  await createPaper(page, 'Menus by keyboard', '## Introduction\n\nSome text.\n');
  await openPaper(page, 'Menus by keyboard');

  // Export: Enter opens it with the focus on its first item.
  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Export' });
  await expect(menu).toBeVisible();
  await expect(exportButton).toHaveAttribute('aria-expanded', 'true');
  const abstracts = menu.getByRole('menuitemcheckbox', { name: 'Include cited abstracts' });
  await expect(abstracts).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Export as PDF' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitemradio').last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(abstracts).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitemradio').last()).toBeFocused();
  await page.keyboard.press('Home');
  // Space on the checkbox item toggles it and keeps the menu open.
  await page.keyboard.press('Space');
  await expect(abstracts).toBeChecked();
  await expect(abstracts).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(exportButton).toBeFocused();
  await expect(exportButton).toHaveAttribute('aria-expanded', 'false');

  // The Up arrow opens it at its last item; Tab closes it and goes on from the button.
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitemradio').last()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();
  await expectNotOnBody(page);
  await expect(exportButton).not.toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(exportButton).toBeFocused();

  // Save options: a choice that opens a dialog gives the focus back to the menu's button.
  const saveOptions = page.getByRole('button', { name: 'Save options' });
  await saveOptions.focus();
  await page.keyboard.press('ArrowDown');
  const saveMenu = page.getByRole('menu', { name: 'Save options' });
  await expect(saveMenu.getByRole('menuitem', { name: 'Save', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(saveMenu.getByRole('menuitem', { name: 'Save As...' })).toBeFocused();
  await page.keyboard.press('Enter');
  const saveAs = page.getByRole('dialog').last();
  await expect(saveAs).toBeVisible();
  await expectFocusIn(saveAs);
  await page.keyboard.press('Escape');
  await expect(saveAs).toBeHidden();
  await expect(saveOptions).toBeFocused();

  // The account menu.
  const account = page.getByRole('button', { name: 'Account menu' });
  await account.focus();
  await page.keyboard.press('Enter');
  const accountMenu = page.getByRole('menu', { name: 'Account' });
  await expect(accountMenu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(accountMenu.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(accountMenu).toBeHidden();
  await expect(account).toBeFocused();

  // The table picker: one stop, the arrows size the table, Enter inserts it into the paper.
  const table = page.getByRole('button', { name: 'Insert table' });
  await table.focus();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: 'Choose table size' });
  await expect(picker.getByRole('button', { name: '1 x 1 table' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(picker.getByRole('button', { name: '2 x 3 table' })).toBeFocused();
  await expect(picker.getByText('2 x 3 table')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(table).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(editor(page).locator('table tr')).toHaveCount(2);
  await expect(editor(page).locator('table tr').first().locator('th, td')).toHaveCount(2);
  await expectNotOnBody(page);

  // The section ✦ menu.
  const sectionButton = editor(page).getByRole('button', { name: 'Section menu 1', exact: true });
  await sectionButton.focus();
  await page.keyboard.press('Enter');
  const sectionMenu = page.getByRole('menu', { name: 'Section 1' });
  await expectFocusIn(sectionMenu);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(sectionMenu).toBeHidden();
  await expect(sectionButton).toBeFocused();

  // The Help menu.
  const help = page.getByRole('button', { name: 'Help' });
  await help.focus();
  await page.keyboard.press('Enter');
  const helpMenu = page.getByRole('menu', { name: 'Help' });
  await expect(helpMenu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(helpMenu.getByRole('menuitem', { name: 'About Scriptor' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(help).toBeFocused();
});
