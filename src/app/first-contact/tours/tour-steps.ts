import type { TourName } from '../../../shared/tours/tours';

export interface TourStep {
  /** Finds the element the step points at; a step whose element is missing is left out. */
  find: () => Element | null;
  title: string;
  description: string;
}

const css = (selector: string) => () => document.querySelector(selector);

/** A button by its visible text, for controls that have no better handle. */
const button = (text: string) => () =>
  [...document.querySelectorAll('button')].find(
    (element) => element.textContent?.trim() === text,
  ) ?? null;

/** 002 §2: the 'landing' tour of the workspace, the 'editor' tour of an open paper. */
export const TOUR_STEPS: Record<TourName, TourStep[]> = {
  landing: [
    {
      find: button('+ Add Paper'),
      title: 'Start a paper',
      description:
        'Add Paper starts a new paper: choose its type, give a title and a topic, and Scriptor proposes a structure grounded in the literature.',
    },
    {
      find: css('.model-selector-button'),
      title: 'Choose the AI model',
      description: 'Each model has its own price per section or chat message.',
    },
    {
      find: button('Limit Sources'),
      title: 'Limit the sources',
      description:
        'Restrict the literature the AI may cite: years, citation counts, document types.',
    },
    {
      find: css('.paper-list'),
      title: 'Your papers',
      description: 'Your papers are listed here, newest first. Click one to open it.',
    },
    {
      find: css('.references-pane'),
      title: 'References',
      description:
        'Search the scientific abstracts here, read them and cite them in the paper you are writing.',
    },
    {
      find: css('.help-menu-button'),
      title: 'Help',
      description: 'Replay these tours, the walkthrough or the demo from here at any time.',
    },
  ],
  editor: [
    {
      find: css('.title-input'),
      title: 'Your paper',
      description: 'Edit the title here; the paper is saved with Save, and autosaved meanwhile.',
    },
    {
      find: css('.editor-toolbar'),
      title: 'Formatting',
      description:
        'Headings are numbered; add equations, diagrams, tables and comments from the toolbar.',
    },
    {
      find: css('.scriptor-editor'),
      title: 'The text',
      description:
        'Click an in-text reference to read the abstract behind it and the AI’s reasoning. Orange references are less reliable: check them first.',
    },
    {
      find: css('.references-pane'),
      title: 'Cite as you write',
      description:
        'Select text to search for it, and put the cursor in a References section to generate the APA list.',
    },
    {
      find: css('[aria-label="Export"]'),
      title: 'Export',
      description: 'Export to PDF, Word, LaTeX or HTML when you are done.',
    },
  ],
};
