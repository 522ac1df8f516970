import type { Db } from '../db/database';
import { findPaperFile } from '../files/file-store';
import { HttpError, notFound } from '../http/http-error';
import type { AccessiblePaper, PaperRow } from './paper-store';
import { savePaper } from './save-paper';

export const PAPER_NOT_EMPTY_MESSAGE =
  'This paper already has content. Open the file in Edit Files to copy what you need from it.';

export interface ImportFileRequest {
  /** The paper, the policy having allowed the actor to edit it. */
  paper: AccessiblePaper;
  userName: string;
  fileId: string;
}

/**
 * 'Import existing document': a converted file of the paper (its markdown, in the document
 * module's conventions, so headings, tables, equations and citations come along) becomes the
 * paper's content. Only an empty paper takes it, so no text is ever overwritten; the save is
 * an ordinary one (a history version, a conflict if the paper changed meanwhile).
 */
export async function importFileAsContent(db: Db, request: ImportFileRequest): Promise<PaperRow> {
  const { paper } = request;
  const file = await findPaperFile(db, paper.id, request.fileId);
  if (!file || file.paperId !== paper.id) throw notFound('File');
  if (paper.content.trim() !== '') throw new HttpError(409, PAPER_NOT_EMPTY_MESSAGE);
  return savePaper(db, {
    paper,
    userName: request.userName,
    changes: { content: file.contents },
    expectedUpdatedAt: paper.updatedAt.toISOString(),
    comment: `Imported from ${file.filename}`,
  });
}
