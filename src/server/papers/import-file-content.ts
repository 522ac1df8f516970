import { applyMarkdown, yDocToMarkdown } from '../../shared/document/live/y-document';
import type { AppContext } from '../app-context';
import { findPaperFile } from '../files/file-store';
import { HttpError, notFound } from '../http/http-error';
import type { AccessiblePaper, PaperRow } from './paper-store';
import { savePaper } from './save-paper';

export const PAPER_NOT_EMPTY_MESSAGE =
  'This paper already has content. Open the file in Edit Files to copy what you need from it.';

export interface ImportFileRequest {
  /** The paper, the policy having allowed the actor to edit it. */
  paper: AccessiblePaper;
  userId: string;
  userName: string;
  fileId: string;
}

/**
 * 'Import existing document': a converted file of the paper (its markdown, in the document
 * module's conventions, so headings, tables, equations and citations come along) becomes the
 * paper's content. Only an empty paper takes it, so no text is ever overwritten: the check and
 * the write are one transaction on the live document (issue 32), so a character typed before
 * it makes the import refused rather than replaced. The save then records a version in the
 * history, as any Save.
 */
export async function importFileAsContent(
  context: AppContext,
  request: ImportFileRequest,
): Promise<PaperRow> {
  const { db } = context.database;
  const { paper } = request;
  const file = await findPaperFile(db, paper.id, request.fileId);
  if (!file || file.paperId !== paper.id) throw notFound('File');
  const origin = { writer: 'import', userId: request.userId };
  const content = await context.liveDocuments.transact(paper.id, origin, (ydoc) => {
    if (yDocToMarkdown(ydoc).trim() !== '') return null;
    applyMarkdown(ydoc, file.contents, origin);
    return yDocToMarkdown(ydoc);
  });
  if (content === null) throw new HttpError(409, PAPER_NOT_EMPTY_MESSAGE);
  return savePaper(db, {
    paper,
    userName: request.userName,
    changes: { content },
    comment: `Imported from ${file.filename}`,
  });
}
