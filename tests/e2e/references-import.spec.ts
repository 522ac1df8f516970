import { readFile } from 'node:fs/promises';
import { expect, test } from './page-test';
import { addPaper, screenshot, signUp } from './helpers';
import {
  createPaper,
  editor,
  importReferences,
  openPaper,
  saveWithToolbar,
  updatePaper,
} from './editor-helpers';
import { expectTopmost } from './layout-helpers';
import { referencesPane } from './references-helpers';

const BIBTEX = `@article{hinton2006,
  author = {Hinton, Geoffrey E. and Salakhutdinov, Ruslan R.},
  title = {Reducing the Dimensionality of Data with Neural Networks},
  journal = {Science},
  volume = {313},
  number = {5786},
  pages = {504--507},
  year = {2006},
  doi = {10.1126/science.1127647}
}

@book{knuth1984,
  author = {Knuth, Donald E.},
  title = {The TeXbook},
  publisher = {Addison-Wesley},
  year = {1984}
}

@article{broken,
  author = {Nobody},
  title = {Unclosed entry
`;

test('import a .bib file, list the works, export .bib and CSL-JSON', async ({ page }) => {
  await signUp(page);
  await addPaper(page, 'Imported library');
  const pane = referencesPane(page);
  const cited = pane.getByRole('region', { name: 'Cited in this paper' });
  await expect(cited).toContainText('No cited works yet.');

  await pane.getByRole('button', { name: 'Import references' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import references' });
  await dialog.getByLabel('Reference file').setInputFiles({
    name: 'library.bib',
    mimeType: 'application/x-bibtex',
    buffer: Buffer.from(BIBTEX),
  });
  await expect(dialog.getByLabel('Format')).toHaveValue('bibtex');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Imported 2 references');
  await expect(dialog.getByRole('list', { name: 'Import problems' })).toContainText(/Line \d+: /);
  await screenshot(page, 'references-import');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Imported works join the paper's references; until the text cites them they are listed apart.
  const imported = pane.getByRole('region', { name: 'Not cited in the text' });
  await expect(cited).toContainText('No cited works yet.');
  await expect(imported.locator('.cited-title')).toHaveText([
    'Reducing the Dimensionality of Data with Neural Networks',
    'The TeXbook',
  ]);

  // The import saved the paper; the editor took that version, so its own save does not clash.
  await editor(page).click();
  await page.keyboard.type('Autoencoders reduce dimensionality.');
  const saved = await saveWithToolbar(page);
  expect(saved.status()).toBe(200);
  await expect(page.getByRole('dialog', { name: /Compare/ })).toHaveCount(0);

  const bibDownload = page.waitForEvent('download');
  await pane.getByRole('link', { name: 'Export .bib' }).click();
  const bib = await readFile((await (await bibDownload).path()) ?? '', 'utf8');
  expect(bib).toMatch(/@article\{hinton2006/);
  expect(bib).toContain('Dimensionality');
  expect(bib).toMatch(/@book\{knuth1984/);

  const jsonDownload = page.waitForEvent('download');
  await pane.getByRole('link', { name: 'Export CSL-JSON' }).click();
  const download = await jsonDownload;
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const items = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
    title: string;
  }[];
  expect(items.map((item) => item.title).sort()).toEqual([
    'Reducing the Dimensionality of Data with Neural Networks',
    'The TeXbook',
  ]);

  // A work without a DOI still gets its APA reference, formatted from the imported record.
  await imported.getByRole('button', { name: /The TeXbook/ }).click();
  const modal = page.getByRole('dialog', { name: 'The TeXbook' });
  await modal.getByRole('button', { name: 'Show citation' }).click();
  await expect(modal.getByLabel('APA citation')).toHaveText(
    /^Knuth, D\. E\. \(1984\)\. The TeXbook\. Addison-Wesley\.?$/,
  );
});

test('at 1024 px the cited and the not-cited lists do not cover each other', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signUp(page);
  const paper = await createPaper(page, 'Many references');
  const bibtex = Array.from(
    { length: 8 },
    (_, index) =>
      `@article{work${index}, author = {Author${index}, Ann}, title = {Study number ${index} of sleep and memory in adults}, journal = {Sleep}, year = {${2000 + index}}}`,
  ).join('\n\n');
  const works = [...(await importReferences(page, paper.id, bibtex)).values()];
  const citing = works
    .slice(0, 4)
    .map((work) => `A finding [${work.refId}].`)
    .join(' ');
  await updatePaper(page, paper.id, { content: citing });
  await openPaper(page, 'Many references');

  const pane = referencesPane(page);
  const cited = pane.getByRole('region', { name: 'Cited in this paper' });
  const notCited = pane.getByRole('region', { name: 'Not cited in the text' });
  await expect(cited.locator('.cited-item')).toHaveCount(4);
  await expect(notCited.locator('.cited-item')).toHaveCount(4);
  for (const region of [cited, notCited]) {
    await expectTopmost(region.getByRole('heading'));
    for (const item of await region.locator('.cited-item').all()) await expectTopmost(item);
  }
});
