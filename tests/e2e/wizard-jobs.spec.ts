import type { Page } from '@playwright/test';
import { test, expect } from './ai-fixtures';
import { expectTopmost, wizard } from './helpers';
import { fakeStructureAnswer } from '../../src/server/testing/fake-structure-answer';
import type { ChatRequest, FakeAnswer } from '../../src/server/testing/fake-openai-server';
import { acknowledgeAlert, scientificToStructure } from './wizard-helpers';

/**
 * The wizard's jobs while they run (001 §4, §8, §9; 002 §4, §8), against the fake model: a
 * structure followed again after a reload, the jobs list refreshing by itself, and the alerts of
 * a structure or a refinement that fails.
 */

const properties = (chat: ChatRequest) =>
  chat.body.response_format?.json_schema?.schema?.properties ?? {};
const isStructure = (chat: ChatRequest) => 'sections' in properties(chat);
const isSubsections = (chat: ChatRequest) => 'subsections' in properties(chat);

/** A gate the test opens: the model's answer waits for it. */
function gate() {
  let open = () => undefined as void;
  const closed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { closed, open };
}

function heldStructure(closed: Promise<void>) {
  return (chat: ChatRequest): FakeAnswer => ({
    ...(fakeStructureAnswer(chat.prompt) as Extract<FakeAnswer, { kind: 'json' }>),
    after: closed,
  });
}

// The worker's account is shared by the tests of a file: a draft one test leaves in the jobs
// list would make the next one's Add Paper open the list instead of the wizard.
test.afterEach(async ({ page }) => {
  const { jobs } = (await (await page.request.get('/api/refine-structure/jobs')).json()) as {
    jobs: { paperId: string | null }[];
  };
  for (const paperId of new Set(jobs.map((job) => job.paperId))) {
    if (paperId) await page.request.post(`/api/papers/${paperId}/cancel`, { data: {} });
  }
});

/** Add Paper with a listed job opens the Paper Structures dialog (002 §4). */
async function openJobsList(page: Page) {
  await page.getByRole('button', { name: '+ Add Paper' }).click();
  const jobs = page.getByRole('dialog', { name: 'Paper Structures' });
  await expect(jobs).toBeVisible();
  return jobs;
}

test('a structure still generating is found after a reload, followed again, and the list refreshes by itself', async ({
  page,
  fake,
}) => {
  test.setTimeout(180_000);
  const answer = gate();
  const cooperative = fake.respond;
  fake.respond = (chat) =>
    isStructure(chat) ? heldStructure(answer.closed)(chat) : cooperative(chat);
  const title = 'Structure across a reload';
  const { jobId } = await scientificToStructure(page, title);
  await expect.poll(() => fake.chats.some(isStructure), { timeout: 60_000 }).toBe(true);
  await page.reload();

  const jobs = await openJobsList(page);
  const row = jobs.getByRole('button', { name: new RegExp(`^${title}`) });
  await expect(row).toContainText('Generating structure...');
  await expect(jobs.getByRole('button', { name: `Apply ${title}` })).toBeVisible();
  // While a job runs the list asks again every 5 s (001 §9): a failing server shows in the
  // dialog without a click, and so does its recovery.
  await page.route('**/api/refine-structure/jobs', (route) =>
    route.fulfill({ status: 502, body: 'Bad gateway' }),
  );
  await expect(jobs.getByRole('alert')).toHaveText(
    'Error loading jobs: Error loading refinement jobs',
    { timeout: 15_000 },
  );
  await page.unroute('**/api/refine-structure/jobs');
  await expect(row).toContainText('Generating structure...', { timeout: 15_000 });

  // Chosen, the job reopens the wizard at Create structure and its poll goes on (001 §9).
  await expectTopmost(row);
  await row.click();
  const dialog = wizard(page);
  await expect(
    dialog.getByRole('list', { name: 'Steps' }).getByRole('listitem').last(),
  ).toHaveAttribute('aria-current', 'step');
  await expect(dialog.getByLabel('Title')).toHaveCount(0);
  await expect(dialog.locator('.wizard-progress')).toBeVisible();
  answer.open();
  await expect(dialog.getByTestId('structure-node')).toHaveCount(4, { timeout: 60_000 });
  const status = (await (await page.request.get(`/api/structure?jobId=${jobId}`)).json()) as {
    status: string;
  };
  expect(status.status).toBe('completed');
});

test('a job discarded elsewhere leaves the list empty: No active paper structures', async ({
  page,
  fake,
}) => {
  test.setTimeout(180_000);
  const answer = gate();
  const cooperative = fake.respond;
  fake.respond = (chat) =>
    isStructure(chat) ? heldStructure(answer.closed)(chat) : cooperative(chat);
  const { jobId, paperId } = await scientificToStructure(page, 'Discarded in another tab');
  await page.reload();
  const jobs = await openJobsList(page);
  await expect(jobs.getByRole('button', { name: /^Discarded in another tab/ })).toBeVisible();

  // Another tab's Discard (001 §7 cancel) removes the draft and its job.
  const cancelled = await page.request.post(`/api/papers/${paperId}/cancel`, {
    data: { structureJobId: jobId },
  });
  expect(cancelled.ok()).toBe(true);
  answer.open();
  await expect(jobs.getByText('No active paper structures')).toBeVisible({ timeout: 15_000 });
  await jobs.getByRole('button', { name: 'Create New Paper' }).click();
  await expect(wizard(page).getByRole('radio')).toHaveCount(10);
});

test('a malformed structure fails with the spec’s alert, and the step offers to try again', async ({
  page,
  fake,
}) => {
  test.setTimeout(120_000);
  const cooperative = fake.respond;
  let malformed = true;
  fake.respond = (chat) =>
    isStructure(chat) && malformed
      ? { kind: 'json', value: { sections: [{ heading: 'Introduction' }] } }
      : cooperative(chat);
  const { dialog } = await scientificToStructure(page, 'Malformed structure');
  await acknowledgeAlert(
    page,
    'Structure generation failed: The model returned a malformed structure',
  );
  await expect(dialog.getByRole('alert')).toContainText('Structure generation failed:');
  malformed = false;
  await dialog.getByRole('button', { name: 'Generate structure again' }).click();
  await expect(dialog.getByTestId('structure-node')).toHaveCount(4, { timeout: 60_000 });
});

test('a refinement in progress shows Refining... in the tree; failures to start, to cancel and of the job are alerted', async ({
  page,
  fake,
}) => {
  test.setTimeout(240_000);
  const answer = gate();
  const cooperative = fake.respond;
  let subsections: 'held' | 'malformed' = 'held';
  fake.respond = (chat) => {
    if (!isSubsections(chat)) return cooperative(chat);
    if (subsections === 'malformed') return { kind: 'json', value: { subsections: 'none' } };
    return {
      ...(cooperative(chat) as Extract<FakeAnswer, { kind: 'json' }>),
      after: answer.closed,
    };
  };
  const { dialog } = await scientificToStructure(page, 'Refinement alerts');
  await expect(dialog.getByTestId('structure-node')).toHaveCount(4, { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Create extensive paper (100+ pages)' }).click();
  const modal = page.getByRole('dialog', { name: 'Comprehensive Paper' });
  // 4 headings at the catalogue's $0.02, and the 4x estimate, with 2 decimals.
  await expect(modal.locator('.refine-cost')).toContainText('4 × $0.02 = $0.08');
  await expect(modal.locator('.refine-cost')).toContainText('about 16 sections × $0.02 = $0.32');
  const start = modal.getByRole('button', { name: 'Start Refinement' });

  await page.route('**/api/refine-structure', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Down"}' }),
  );
  await start.click();
  await acknowledgeAlert(page, 'Failed to start refinement.');
  await page.unroute('**/api/refine-structure');

  await start.click();
  // The first heading waits for the model: the tree marks it and holds still.
  const first = dialog.getByTestId('structure-node').first();
  await expect(first.getByRole('status')).toHaveText('Refining...', { timeout: 60_000 });
  await expect(dialog.getByRole('button', { name: 'Rename Introduction' })).toHaveCount(0);
  await expect(modal.getByRole('status')).toHaveText('Refining structure (0% - Section 1/4)');
  await expect(modal.getByRole('progressbar', { name: 'Refinement progress' })).toBeVisible();

  await page.route('**/api/refine-structure/cancel/*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Down"}' }),
  );
  await modal.getByRole('button', { name: 'Cancel Refinement' }).click();
  await acknowledgeAlert(page, 'Failed to cancel refinement.');
  await page.unroute('**/api/refine-structure/cancel/*');
  await modal.getByRole('button', { name: 'Cancel Refinement' }).click();
  await expect(start).toBeEnabled();
  await expect(first.getByRole('status')).toHaveCount(0);
  answer.open();

  // Every heading's answer is malformed: the job fails, and the structure stays as it was.
  subsections = 'malformed';
  await start.click();
  await acknowledgeAlert(page, 'Refinement failed.');
  await expect(dialog.getByTestId('structure-node')).toHaveCount(4);
});
