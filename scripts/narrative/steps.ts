import type { Locator, Page } from 'playwright-core';
import type { Timeline } from './video';

/** What a capture needs: the recorded page, the timeline, and the papers the setup made. */
export interface StepContext {
  page: Page;
  timeline: Timeline;
  /** The paper the AI writes into when the writing features are missing (section rewrite). */
  paperTitle: string;
}

/** A capture returns nothing when it took its picture, or why the step is unavailable. */
export type Capture = (context: StepContext) => Promise<string | void>;

/** How long a control a step needs may take to appear before the step counts as missing. */
const UI_WAIT_MS = 5_000;
/** How long the AI may work (structure, writing) before the step gives up. */
const AI_WAIT_MS = 180_000;

async function present(locator: Locator, timeout = UI_WAIT_MS): Promise<boolean> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
    return true;
  } catch {
    return false;
  }
}

const dialog = (page: Page) => page.getByRole('dialog').last();

/** The wizard's dialog, whichever title it has; the old dialog was 'Create New Paper'. */
async function creationDialog(page: Page): Promise<Locator | null> {
  const found = dialog(page);
  return (await present(found)) ? found : null;
}

async function openPaper(page: Page, title: string) {
  if (
    (await page
      .getByLabel('Paper title')
      .inputValue()
      .catch(() => '')) === title
  )
    return;
  await page.locator('.paper-list').getByText(title, { exact: true }).click();
  await page.getByLabel('Paper title').waitFor();
  await page.locator('.scriptor-editor').waitFor();
}

/**
 * The 16 captures, keyed by the walkthrough's step ids (src/app/first-contact/walkthrough/
 * walkthrough-steps.ts). They run in order on one page: each leaves the app where the next one
 * starts. A capture whose control is missing (a feature not built yet) returns why, and the
 * steps after it that depend on it return too, without faking anything.
 */
export const CAPTURES: Record<string, Capture> = {
  'add-paper': async ({ page }) => {
    const button = page.getByRole('button', { name: '+ Add Paper' });
    if (!(await present(button))) return 'no Add Paper button';
    await button.hover();
  },

  'choose-type': async ({ page }) => {
    await page.getByRole('button', { name: '+ Add Paper' }).click();
    const found = await creationDialog(page);
    if (!found) return 'Add Paper opened no dialog';
    const type = found.getByLabel(/type/i);
    const option = found.getByRole('radio', { name: /Literature review/i });
    if (await present(option, 1_000)) await option.click();
    else if (await present(type, 1_000)) await type.selectOption({ label: 'Literature review' });
    else return 'no paper type choice';
  },

  'title-and-topic': async ({ page }) => {
    const found = dialog(page);
    const topic = found.getByLabel(/topic|description/i);
    if (!(await present(topic, 1_000))) return 'the creation dialog asks for no topic yet';
    await found.getByLabel(/title/i).first().fill('Sleep and memory consolidation');
    await topic
      .first()
      .fill('How sleep helps the brain consolidate new memories, and what disturbs it.');
  },

  next: async ({ page }) => {
    const next = dialog(page).getByRole('button', { name: 'Next' });
    if (!(await present(next, 1_000))) return 'the creation dialog has no Next step yet';
    await next.hover();
  },

  'files-or-skip': async ({ page }) => {
    const next = dialog(page).getByRole('button', { name: 'Next' });
    if (!(await present(next, 1_000))) return 'no Next step';
    await next.click();
    if (!(await present(dialog(page).getByRole('button', { name: 'Skip' })))) {
      return 'no file step with Skip';
    }
  },

  structure: async ({ page, timeline }) => {
    const skip = dialog(page).getByRole('button', { name: 'Skip' });
    if (!(await present(skip, 1_000))) return 'no file step with Skip';
    timeline.set(4);
    await skip.click();
    const save = dialog(page).getByRole('button', { name: /^Save/ });
    const ready = await present(save, AI_WAIT_MS);
    timeline.set(1);
    if (!ready) return 'no structure was generated';
  },

  'analyze-and-save': async ({ page }) => {
    const save = dialog(page).getByRole('button', { name: /^Save/ });
    if (!(await present(save, 1_000))) return 'no structure to save';
    await save.hover();
  },

  'review-and-ai-icon': async ({ page }) => {
    // After the wizard: save its structure; without the wizard, close the old dialog.
    const save = dialog(page).getByRole('button', { name: /^Save/ });
    if (await present(save, 1_000)) await save.click();
    else await page.keyboard.press('Escape');
    const ai = page.getByRole('button', { name: /AI Writing/i });
    if (!(await present(ai))) return 'no AI Writing button in the editor yet';
    await ai.first().hover();
  },

  'writing-order': async ({ page }) => {
    const ai = page.getByRole('button', { name: /AI Writing/i });
    if (!(await present(ai, 1_000))) return 'no AI Writing button';
    await ai.first().click();
    const start = dialog(page).getByRole('button', { name: /Start Writing/i });
    if (!(await present(start, AI_WAIT_MS))) return 'no writing order shown';
  },

  'start-writing': async ({ page, timeline }) => {
    const start = dialog(page).getByRole('button', { name: /Start Writing/i });
    if (!(await present(start, 1_000))) return 'no Start Writing';
    timeline.set(4);
    await start.click();
    const progress = dialog(page).getByRole('progressbar');
    const writing = await present(progress, 30_000);
    timeline.set(1);
    if (!writing) return 'no writing progress shown';
  },

  'discard-or-save': async ({ page, timeline }) => {
    if (!(await present(dialog(page).getByRole('progressbar'), 1_000))) return 'no writing running';
    const save = dialog(page).getByRole('button', { name: /^Save/ });
    timeline.set(6);
    const done = await present(save, AI_WAIT_MS);
    timeline.set(1);
    if (!done) return 'the writing did not finish';
  },

  read: async ({ page, paperTitle, timeline }) => {
    const save = dialog(page).getByRole('button', { name: /^Save/ });
    if (await present(save, 1_000)) await save.click();
    // The AI writes a section of a paper (the section menu's Rewrite), as a user would.
    await openPaper(page, paperTitle);
    await page.getByRole('button', { name: 'Section menu 1', exact: true }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Rewrite', exact: true }).click();
    const preview = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('heading', { name: 'Generated Text' }) });
    timeline.set(4);
    const ok = preview.getByRole('button', { name: 'OK' });
    await ok.waitFor({ timeout: AI_WAIT_MS });
    await page.waitForFunction(
      () => !document.querySelector('[role="dialog"] button:disabled'),
      undefined,
      { timeout: AI_WAIT_MS },
    );
    timeline.set(1);
    await ok.click();
    await preview.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.scriptor-editor .citation-label').first().waitFor();
  },

  references: async ({ page, timeline }) => {
    const generate = page
      .getByRole('toolbar', { name: 'Formatting' })
      .getByRole('button', { name: 'Generate APA References' });
    if (!(await present(generate))) return 'no Generate APA References button';
    const editor = page.locator('.scriptor-editor');
    // The end of the last paragraph, where a References section goes.
    await editor.locator(':scope > p').last().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('## References');
    await page.keyboard.press('Enter');
    timeline.set(4);
    await generate.click();
    // The first reference list of a fresh server waits for the citation engine to start.
    const listed = await present(editor.locator('.bibliography-entry'), 60_000);
    timeline.set(1);
    if (!listed) return 'no reference list was generated';
  },

  'citation-details': async ({ page }) => {
    const citation = page.locator('.scriptor-editor .citation-label:not(.uncertain)').first();
    if (!(await present(citation))) return 'no citation to click';
    await citation.click();
    if (!(await present(page.getByRole('dialog')))) return 'no reference details opened';
    await present(page.getByText('Reasoning:'), 2_000);
  },

  reliability: async ({ page }) => {
    await page.keyboard.press('Escape');
    const uncertain = page.locator('.scriptor-editor .citation-label.uncertain').first();
    if (!(await present(uncertain))) return 'no less reliable (orange) citation';
    await uncertain.scrollIntoViewIfNeeded();
    await uncertain.hover();
  },

  export: async ({ page }) => {
    const exportButton = page.getByRole('button', { name: 'Export' });
    if (!(await present(exportButton))) return 'no Export button';
    await exportButton.click();
    if (!(await present(page.getByRole('menu')))) return 'no export menu';
  },
};
