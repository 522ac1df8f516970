import { expect, test, watchPageErrors } from './page-test';
import { addPaper, signUp } from './helpers';
import { referencesPane, searchLiterature } from './references-helpers';

const PRIVATE_BIBTEX = `@book{ostrom1990,
  author = {Ostrom, Elinor},
  title = {Governing the Zanzibarian Commons},
  publisher = {Cambridge University Press},
  year = {1990}
}`;

function cslItems(count: number): string {
  return JSON.stringify(
    Array.from({ length: count }, (_, i) => ({
      id: `item${i}`,
      type: 'article-journal',
      title: `Tidal fisheries, survey ${i}`,
      author: [{ family: 'Roe', given: 'Richard' }],
      issued: { 'date-parts': [[2000 + (i % 20)]] },
    })),
  );
}

test('a reference one user imports is found by that user and by nobody else', async ({
  browser,
}) => {
  const alice = watchPageErrors(await browser.newPage());
  await signUp(alice, 'Alice Owner');
  await addPaper(alice, 'Commons');
  const pane = referencesPane(alice);
  await pane.getByRole('button', { name: 'Import references' }).click();
  const dialog = alice.getByRole('dialog', { name: 'Import references' });
  await dialog.getByLabel('Or paste references').fill(PRIVATE_BIBTEX);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Imported 1 reference');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await searchLiterature(alice, 'Zanzibarian commons');
  await expect(pane.locator('.search-result')).toContainText(['Governing the Zanzibarian Commons']);

  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await signUp(bob, 'Bob Other');
  const bobPane = referencesPane(bob);
  await bobPane.getByLabel('Search literature').fill('Zanzibarian commons');
  await bobPane.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(bobPane.getByRole('status')).toContainText(/Found \d+ results|Nothing found/);
  await expect(bobPane.getByRole('region', { name: 'Search results' })).not.toContainText(
    'Governing the Zanzibarian Commons',
  );
  await bobContext.close();
});

test('a large import runs in the background and shows its progress and result', async ({
  page,
}) => {
  await signUp(page);
  await addPaper(page, 'Fisheries');
  const pane = referencesPane(page);
  await pane.getByRole('button', { name: 'Import references' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import references' });
  await dialog.getByLabel('Reference file').setInputFiles({
    name: 'fisheries.json',
    mimeType: 'application/json',
    buffer: Buffer.from(cslItems(1500)),
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText(
    /Importing 1,500 references|(Reading|Storing) references: [\d,]+ of 1,500|Imported 1500 references/,
  );
  await expect(dialog.getByRole('status')).toContainText('Imported 1500 references', {
    timeout: 120_000,
  });
  await dialog.getByRole('button', { name: 'Done' }).click();
  const imported = pane.getByRole('region', { name: 'Not cited in the text' });
  await expect(imported.locator('.cited-title')).toHaveCount(1500, { timeout: 30_000 });
});
