import type { AppContext } from '../app-context';
import { listPaperFiles } from './file-store';
import { fitFilesToBudget } from './prompt/fit-files';

/** A paper's uploaded file as the AI engine's prompt builder receives it. */
export interface PromptFile {
  fileId: string;
  filename: string;
  goal: string;
  markdown: string;
}

export interface PromptFilesRequest {
  /** A paper the policy let the caller run the AI on. */
  paperId: string;
  /** The text the prompt is about (the section being written): the most relevant parts are kept. */
  focusText: string;
  /** How many tokens the files may take in the prompt together. */
  tokenBudget: number;
}

export interface PromptFiles {
  files: PromptFile[];
  /** File names whose content was shortened to fit the budget, to tell the user. */
  shortened: string[];
}

/**
 * The files sent with every prompt for a paper (000 §1), fitted to the prompt's budget: all of
 * them while they fit, otherwise the parts most relevant to the focus text (see fit-files.ts).
 * The caller has authorized the paper; its files are every member's uploads.
 */
export async function promptFilesForPaper(
  context: AppContext,
  request: PromptFilesRequest,
): Promise<PromptFiles> {
  const rows = await listPaperFiles(context.database.db, request.paperId);
  const files = rows.map((row) => ({
    fileId: row.id,
    filename: row.filename,
    goal: row.goal,
    markdown: row.contents,
  }));
  return fitFilesToBudget(files, request.focusText, request.tokenBudget);
}
