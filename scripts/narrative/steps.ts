import type { Locator, Page } from 'playwright-core';
import type { Timeline } from './video';

/** What a capture needs: the recorded page and the timeline (where the video is sped up or cut). */
export interface StepContext {
  page: Page;
  timeline: Timeline;
}

/** The paper the walkthrough creates with the wizard and has the AI write. */
const PAPER_TITLE = 'Open access and citations';

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

/** The wizard's dialog, whichever title it has. */
async function creationDialog(page: Page): Promise<Locator | null> {
  const found = dialog(page);
  return (await present(found)) ? found : null;
}

const writingDialog = (page: Page) => page.getByRole('dialog', { name: 'AI Writing Process' });

/** Whether a control becomes enabled in time (the wizard's Save waits for the structure). */
async function enabled(locator: Locator, timeout = AI_WAIT_MS): Promise<boolean> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await locator.isEnabled().catch(() => false)) return true;
    await locator.page().waitForTimeout(250);
  }
  return false;
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
    const option = found.getByRole('radio', { name: /^Scientific paper/ });
    if (!(await present(option, 1_000))) return 'no paper type choice';
    await option.check();
  },

  'title-and-topic': async ({ page }) => {
    const found = dialog(page);
    const next = found.getByRole('button', { name: 'Next' });
    if (!(await present(next, 1_000))) return 'the creation dialog has no Next step';
    await next.click();
    const description = found.getByLabel('Description');
    if (!(await present(description))) return 'the creation dialog asks for no topic';
    await found.getByLabel('Title').fill(PAPER_TITLE);
    await description.fill('Whether freely available articles are cited more than paywalled ones.');
    await found.getByLabel('Research Methodology').fill('Bibliometric comparison');
    await found.getByLabel('Scientific Field').fill('Information Science');
  },

  next: async ({ page }) => {
    const next = dialog(page).getByRole('button', { name: 'Next' });
    if (!(await present(next, 1_000))) return 'the creation dialog has no Next step';
    await next.hover();
    // Tabbing to it draws its focus ring, which marks the button the step is about (a hover
    // barely shows, and a focus given by script draws no ring after mouse use).
    for (let presses = 0; presses < 10; presses += 1) {
      if (await next.evaluate((button) => button === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
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
    const nodes = dialog(page).getByTestId('structure-node');
    const ready =
      (await present(nodes, AI_WAIT_MS)) &&
      (await enabled(dialog(page).getByRole('button', { name: 'Save', exact: true })));
    timeline.set(1);
    if (!ready) return 'no structure was generated';
  },

  'analyze-and-save': async ({ page }) => {
    const save = dialog(page).getByRole('button', { name: 'Save', exact: true });
    if (!(await present(save, 1_000))) return 'no structure to save';
    // The whole outline has been looked over: its end is in view.
    await dialog(page).getByTestId('structure-node').last().scrollIntoViewIfNeeded();
    await save.hover();
  },

  'review-and-ai-icon': async ({ page }) => {
    const save = dialog(page).getByRole('button', { name: 'Save', exact: true });
    if (!(await present(save, 1_000))) return 'no structure to save';
    await save.click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.locator('.scriptor-editor').waitFor();
    const ai = page.getByRole('button', { name: 'AI writing', exact: true });
    if (!(await present(ai))) return 'no AI writing button in the editor';
    await ai.hover();
  },

  'writing-order': async ({ page, timeline }) => {
    const ai = page.getByRole('button', { name: 'AI writing', exact: true });
    if (!(await present(ai, 1_000))) return 'no AI writing button';
    timeline.set(4);
    await ai.click();
    const shown = await present(writingDialog(page).getByText('Why this order:'), AI_WAIT_MS);
    timeline.set(1);
    if (!shown) return 'no writing order shown';
  },

  'start-writing': async ({ page, timeline }) => {
    const start = writingDialog(page).getByRole('button', { name: 'Start the writing process' });
    if (!(await present(start, 1_000))) return 'no Start the writing process';
    timeline.set(4);
    await start.click();
    const writing = await present(
      writingDialog(page)
        .locator('.writing-progress')
        .getByText(/Writing section/),
      30_000,
    );
    timeline.set(1);
    if (!writing) return 'no writing progress shown';
  },

  'discard-or-save': async ({ page, timeline }) => {
    const finished = writingDialog(page)
      .locator('.writing-progress')
      .getByText(/^Finished/);
    timeline.set(6);
    const done = await present(finished, AI_WAIT_MS);
    timeline.set(1);
    if (!done) return 'the writing did not finish';
    await writingDialog(page).getByRole('button', { name: 'Save the result' }).hover();
  },

  read: async ({ page }) => {
    const save = writingDialog(page).getByRole('button', { name: 'Save the result' });
    if (!(await present(save, 1_000))) return 'no written result to save';
    await save.click();
    await writingDialog(page).waitFor({ state: 'hidden' });
    if (!(await present(page.locator('.scriptor-editor .citation-label')))) {
      return 'the written text has no citations';
    }
  },

  references: async ({ page, timeline }) => {
    const generate = page
      .getByRole('toolbar', { name: 'Formatting' })
      .getByRole('button', { name: 'Generate APA References' });
    if (!(await present(generate))) return 'no Generate APA References button';
    const editor = page.locator('.scriptor-editor');
    // The end of the text, where a References section goes. The click is at the last
    // paragraph's first word: in its middle it could land on a citation and open it.
    await editor
      .locator(':scope > p')
      .last()
      .click({ position: { x: 2, y: 4 } });
    await page.keyboard.press('Control+End');
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
    // The reasoning is under the abstract and the article's fields: scrolled up to the
    // dialog's lower edge, the picture shows it with the end of the abstract above.
    const reasoning = page.getByRole('dialog').getByText('Reasoning:');
    if (!(await present(reasoning, 2_000))) return 'the reference details show no reasoning';
    await reasoning.evaluate((element) =>
      (element.closest('.certainty-note') ?? element).scrollIntoView({ block: 'end' }),
    );
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
