import { AI_ADMIN, test, expect } from './ai-fixtures';
import { chooseSectionAction, createPaper, openPaper, previewDialog } from './ai-helpers';
import { screenshot, skipTours, useOwnClientAddress } from './helpers';

test('the model selector lists the catalogue and remembers the model and the content language', async ({
  page,
  fake,
}) => {
  await page.goto('/');
  const sidebarButton = page.getByRole('button', { name: /AI model/ });
  await expect(sidebarButton).toContainText('Fake Small · English');
  await sidebarButton.click();

  const dialog = page.getByRole('dialog', { name: 'AI Model' });
  const models = dialog.getByRole('listbox', { name: 'Models' });
  await expect(models.getByRole('option')).toHaveCount(2);
  await expect(models.getByRole('option', { name: /Fake Small/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(models.getByRole('option', { name: /Fake Large/ })).toContainText(
    '$0.20 per section',
  );
  // Paying users see no upgrade label (free-tier accounts come with the balance feature).
  await expect(dialog.getByText('Upgrade Required')).toHaveCount(0);
  await expect(dialog.locator('.model-list-panel')).toHaveCSS('max-height', '420px');
  await expect(dialog.getByText('Default model')).toBeVisible();
  // Only administrators may type a model of their own.
  await expect(dialog.getByLabel('Custom model (admin)')).toHaveCount(0);

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/settings/ai') && response.request().method() === 'PUT',
  );
  await models.getByRole('option', { name: /Fake Large/ }).click();
  expect((await saved).ok()).toBe(true);
  await expect(models.getByRole('option', { name: /Fake Large/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const languageSaved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/settings/ai') && response.request().method() === 'PUT',
  );
  await dialog.getByLabel('Content language').selectOption({ label: 'German' });
  expect((await languageSaved).ok()).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(sidebarButton).toContainText('Fake Large · German');

  // Remembered by the server: a fresh load shows the same choice.
  await page.reload();
  await expect(page.getByRole('button', { name: /AI model/ })).toContainText('Fake Large · German');
  await page.getByRole('button', { name: /AI model/ }).click();
  await expect(page.getByLabel('Content language')).toHaveValue('de');
  await page
    .getByRole('dialog', { name: 'AI Model' })
    .getByRole('button', { name: 'Close' })
    .click();

  // The AI writes with that model, in that language.
  await createPaper(page, 'Language paper', '## Introduction\n\nOpen access and citations.');
  await openPaper(page, 'Language paper');
  await chooseSectionAction(page, '1', 'Make shorter');
  await expect(previewDialog(page).getByRole('button', { name: 'OK' })).toBeEnabled();
  const writing = fake.chats.filter((chat) => chat.body.stream).at(-1);
  expect(writing?.body.model).toBe('fake-large');
  expect(writing?.prompt).toContain('German');

  // The account is shared by the worker's other tests: back to the defaults.
  const reset = await page.request.put('/api/settings/ai', {
    data: { selectedModel: null, contentLanguage: 'en' },
  });
  expect(reset.ok()).toBe(true);
});

test('an administrator types a custom model id, which the AI uses as is', async ({
  browser,
  baseURL,
  fake,
}) => {
  // A fresh browser (not the fixture's account) signed up as the server's administrator.
  const context = await browser.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  await useOwnClientAddress(page);
  await page.goto('/auth/signin');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(AI_ADMIN);
  await page.getByLabel('Password').fill('radioactive123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
  await skipTours(page);

  await page.getByRole('button', { name: /AI model/ }).click();
  const dialog = page.getByRole('dialog', { name: 'AI Model' });
  const custom = dialog.getByLabel('Custom model (admin)');
  const use = dialog.getByRole('button', { name: 'Use this model' });
  await expect(use).toBeDisabled();
  await custom.fill('no-provider');
  await use.click();
  await expect(dialog.getByText("Write the model as 'provider:model'")).toBeVisible();

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/settings/ai') && response.request().method() === 'PUT',
  );
  await custom.fill('openai:vendor/custom-model:7b');
  await use.click();
  expect((await saved).ok()).toBe(true);
  await expect(dialog.getByText("Write the model as 'provider:model'")).toHaveCount(0);
  // Not in the catalogue, so no row is selected; the sidebar names the id itself.
  const models = dialog.getByRole('listbox', { name: 'Models' });
  await expect(models.getByRole('option', { selected: true })).toHaveCount(0);
  await screenshot(page, 'ai-models-admin-custom');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const sidebarButton = page.getByRole('button', { name: /AI model/ });
  await expect(sidebarButton).toContainText('openai:vendor/custom-model:7b · English');

  // The id is forwarded to the provider as is, after its provider prefix.
  await createPaper(page, 'Custom model paper', '## Introduction\n\nOpen access and citations.');
  await openPaper(page, 'Custom model paper');
  await chooseSectionAction(page, '1', 'Make shorter');
  await expect(previewDialog(page).getByRole('button', { name: 'OK' })).toBeEnabled();
  const writing = fake.chats.filter((chat) => chat.body.stream).at(-1);
  expect(writing?.body.model).toBe('vendor/custom-model:7b');

  await page.reload();
  await expect(page.getByRole('button', { name: /AI model/ })).toContainText(
    'openai:vendor/custom-model:7b',
  );
  await context.close();
});
