import type { Browser, Locator, Page } from '@playwright/test';
import { expect } from './page-test';
import { expectTopmost, wizard } from './helpers';

/**
 * The second half of the wizard's promise (issue 20), with or without a model: the structure in
 * the open wizard is refined into an extensive one, the browser is closed, a new one finds the
 * structure job and its refinement again through the jobs list (the refinement stands in for
 * its structure job), reopens them and saves, and every heading of the saved paper shows its
 * purpose and its works.
 */
export async function refineCloseReopenAndSave(
  page: Page,
  browser: Browser,
  baseURL: string,
  title: string,
): Promise<void> {
  const dialog = wizard(page);
  const before = await dialog.getByTestId('structure-node').count();
  await dialog.getByRole('button', { name: 'Create extensive paper (100+ pages)' }).click();
  const modal = page.getByRole('dialog', { name: 'Comprehensive Paper' });
  const start = modal.getByRole('button', { name: 'Start Refinement' });
  await expectTopmost(start);
  await start.click();
  await expect(modal.getByText('Refinement complete - the structure was updated')).toBeVisible({
    timeout: 90_000,
  });
  await modal.getByRole('button', { name: 'Close' }).click();
  const refined = dialog.getByTestId('structure-node');
  // About three subsections per refined heading.
  const after = await refined.count();
  expect(after).toBeGreaterThan(before * 2);
  // Refinement never repeats a heading (issue 33 item 9: 'Limitations' got the Discussion's).
  const titles = await refined.locator('.structure-title').allTextContents();
  expect(titles.filter((heading, at) => titles.indexOf(heading) !== at)).toEqual([]);

  // Closing the browser: only the session cookie survives.
  const storageState = await page.context().storageState();
  await page.context().close();
  const context = await browser.newContext({ baseURL, storageState });
  const again = await context.newPage();
  await again.goto('/');
  await again.getByRole('button', { name: '+ Add Paper' }).click();
  const jobs = again.getByRole('dialog', { name: 'Paper Structures' });
  // The structure job handed over to its refinement (001 §4): the list shows the refinement in
  // its place, and that names the structure job, which is still there.
  const refinement = jobs.getByRole('button', { name: new RegExp(`^${title}`) });
  await expect(refinement).toHaveCount(1);
  await expect(refinement).toContainText('Refinement complete - Ready to save');
  const { jobs: listed } = (await (
    await again.request.get('/api/refine-structure/jobs')
  ).json()) as {
    jobs: { title: string; jobType: string; structureJobId: string | null }[];
  };
  const [refineJob] = listed.filter((job) => job.title === title);
  expect(refineJob?.jobType).toBe('refine');
  const structureJob = (await (
    await again.request.get(`/api/structure?jobId=${refineJob?.structureJobId}`)
  ).json()) as { status: string; result: { sections: unknown[] } | null };
  // Its structure is kept, and it reads as handed over to the refinement.
  expect(structureJob.status).toBe('refining');
  expect(structureJob.result?.sections).toHaveLength(before);
  await expectTopmost(refinement);
  await refinement.click();
  const reopened = wizard(again);
  await expect(reopened.getByTestId('structure-node')).toHaveCount(after, { timeout: 30_000 });
  await expectPurposesAndWorks(reopened);

  await reopened.getByRole('button', { name: 'Save' }).click();
  await expect(reopened).toBeHidden();
  await expect(again.getByLabel('Paper title')).toHaveValue(title);
  const id = new URL(again.url()).pathname.split('/').pop() ?? '';
  const paper = (await (await again.request.get(`/api/papers/${id}`)).json()) as {
    content: string;
  };
  const sections = paper.content.split(/\n(?=#{2,5} )/).slice(1);
  expect(sections).toHaveLength(after);
  for (const section of sections) {
    const [heading = '', ...body] = section.trim().split('\n');
    // Under each heading: its purpose (a comment to the author) and its works as a citation.
    expect(body.join(' ').trim(), heading).toMatch(/\w.*ref_[a-z0-9]{8}/);
  }
  // Saved, the draft's jobs leave the list.
  const left = (await (await again.request.get('/api/refine-structure/jobs')).json()) as {
    jobs: { title: string }[];
  };
  expect(left.jobs.map((job) => job.title)).not.toContain(title);
  await context.close();
}

/** Every heading of the tree shows its purpose and at least one work. */
export async function expectPurposesAndWorks(dialog: Locator): Promise<void> {
  const nodes = dialog.getByTestId('structure-node');
  const count = await nodes.count();
  for (let index = 0; index < count; index++) {
    const node = nodes.nth(index);
    await expect(node.locator('.structure-purpose')).not.toBeEmpty();
    await expect(node.locator('.structure-works > li').first()).toBeVisible();
  }
}

/**
 * Add Paper to the structure step of a scientific paper without files: the structure is
 * requested on arrival. Answers the POST's job id and the temporary paper's id.
 */
export async function scientificToStructure(
  page: Page,
  title: string,
): Promise<{ dialog: Locator; jobId: string; paperId: string }> {
  await page.goto('/');
  await page.getByRole('button', { name: '+ Add Paper' }).click();
  const dialog = wizard(page);
  await dialog.getByRole('radio', { name: /^Scientific paper/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Whether freely available articles are cited more');
  await dialog.getByLabel('Research Methodology').fill('Case Study');
  await dialog.getByLabel('Scientific Field').fill('Computer Science');
  await dialog.getByRole('button', { name: 'Next' }).click();
  const started = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/structure') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Skip' }).click();
  const response = await started;
  const { jobId } = (await response.json()) as { jobId: string };
  const { paperId } = response.request().postDataJSON() as { paperId: string };
  return { dialog, jobId, paperId };
}

/** The in-page alert (001 §8) with `message`, acknowledged with OK. */
export async function acknowledgeAlert(page: Page, message: string): Promise<void> {
  const alert = page.getByRole('alertdialog', { name: 'Scriptor' });
  await expect(alert).toContainText(message);
  const ok = alert.getByRole('button', { name: 'OK' });
  await expectTopmost(ok);
  await ok.click();
  await expect(alert).toBeHidden();
}
