import { offlineTest as test, expect } from './ai-fixtures';
import {
  chooseSectionAction,
  createPaper,
  editor,
  findWork,
  openPaper,
  previewDialog,
  save,
  storedPaper,
} from './ai-helpers';

const MODEL_REQUIRED =
  'This needs an AI model, and none is configured: an administrator can add one (see the README section "AI providers").';

const INTRODUCTION = [
  'Open access articles receive more citations than articles behind a paywall.',
  'The open access citation advantage has been measured in physics and astronomy.',
  'Some authors argue that the advantage reflects article quality.',
  'Citation counts also depend on the field.',
].join(' ');

test('without a provider the model selector says how an administrator adds one', async ({
  page,
}) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: /AI model/ });
  await expect(button).toContainText('No AI provider');
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'AI Model' });
  await expect(dialog.getByText('No models available.')).toBeVisible();
  await expect(
    dialog.getByText(
      'No AI provider is configured. An administrator can add one (see the README section "AI providers").',
    ),
  ).toBeVisible();
  await expect(dialog.getByText('No default model configured.')).toBeVisible();
});

test('offline, Rewrite adds citations and Make shorter extracts; model-only actions say why not', async ({
  page,
}) => {
  const paper = await createPaper(
    page,
    'Offline paper',
    `## Introduction\n\n${INTRODUCTION}\n\n## Discussion\n\nShort.`,
  );
  await openPaper(page, 'Offline paper');

  await editor(page).getByRole('button', { name: 'Section menu 1', exact: true }).click();
  const menu = page.getByRole('menu');
  for (const entry of ['Refine structure', 'Make longer', 'Give custom instructions']) {
    await expect(menu.getByRole('menuitem', { name: entry })).toBeDisabled();
  }
  // The reason stands beside the menu's items, outside role=menu (which holds items only).
  await expect(page.getByText(MODEL_REQUIRED)).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Rewrite' }).click();

  const dialog = previewDialog(page);
  const generated = dialog.getByRole('region', { name: 'Generated Text' });
  await expect(generated).toContainText('Open access articles receive more citations');
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeEnabled({ timeout: 20_000 });
  await expect(generated.locator('[data-ref-id]').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await save(page);
  const rewritten = await storedPaper(page, paper.id);
  const cited = [...rewritten.content.matchAll(/\[(ref_[a-z0-9]{8})/g)].map((match) => match[1]);
  expect(cited.length).toBeGreaterThan(0);
  for (const refId of cited) {
    const citation = (rewritten.citations as { refId: string; certainty: number | null }[]).find(
      (entry) => entry.refId === refId,
    );
    expect(citation?.certainty).toEqual(expect.any(Number));
  }

  await chooseSectionAction(page, '1', 'Make shorter');
  const shorter = previewDialog(page);
  await expect(shorter.getByRole('button', { name: 'OK' })).toBeEnabled({ timeout: 20_000 });
  const shortText = await shorter.getByRole('region', { name: 'Generated Text' }).innerText();
  expect(shortText.length).toBeGreaterThan(0);
  await shorter.getByRole('button', { name: 'OK' }).click();
  await save(page);
  const shortened = await storedPaper(page, paper.id);
  const section =
    /## Introduction\n\n([\s\S]*?)\n\n## Discussion/.exec(shortened.content)?.[1] ?? '';
  expect(section.length).toBeGreaterThan(0);
  expect(section.length).toBeLessThan(
    /## Introduction\n\n([\s\S]*?)\n\n## Discussion/.exec(rewritten.content)?.[1]?.length ?? 0,
  );
});

test('offline, the Summary dialog says a model is needed', async ({ page }) => {
  const work = await findWork(page, 'open access citation advantage');
  const paper = await createPaper(page, 'Offline summary');
  const put = await page.request.put(`/api/papers/${paper.id}`, {
    data: {
      content: `Open access [${work.refId}].`,
      citations: [work],
      updated_at: paper.updated_at,
    },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await openPaper(page, 'Offline summary');
  await editor(page).locator(`[data-ref-id="${work.refId}"]`).click();
  await page.getByRole('button', { name: 'Summarize' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Summary' }).getByText(MODEL_REQUIRED),
  ).toBeVisible();
});
