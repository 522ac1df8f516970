import type { Db } from '../db/database';
import { findOwnedFile } from '../files/file-store';
import { HttpError, notFound } from '../http/http-error';
import { findOwnedPaper, type PaperRow } from './paper-store';
import { savePaper } from './save-paper';

export const PAPER_NOT_EMPTY_MESSAGE =
  'This paper already has content. Open the file in Edit Files to copy what you need from it.';

export interface ImportFileRequest {
  ownerId: string;
  userName: string;
  paperId: string;
  fileId: string;
}

/**
 * 'Import existing document': a converted file of the paper (its markdown, in the document
 * module's conventions, so headings, tables, equations and citations come along) becomes the
 * paper's content. Only an empty paper takes it, so no text is ever overwritten; the save is
 * an ordinary one (a history version, a conflict if the paper changed meanwhile).
 */
export async function importFileAsContent(db: Db, request: ImportFileRequest): Promise<PaperRow> {
  const paper = await findOwnedPaper(db, request.ownerId, request.paperId);
  if (!paper) throw notFound('Paper');
  const file = await findOwnedFile(db, request.ownerId, request.fileId);
  if (!file || file.paperId !== paper.id) throw notFound('File');
  if (paper.content.trim() !== '') throw new HttpError(409, PAPER_NOT_EMPTY_MESSAGE);
  return savePaper(db, {
    ownerId: request.ownerId,
    userName: request.userName,
    paperId: paper.id,
    changes: { content: file.contents },
    expectedUpdatedAt: paper.updatedAt.toISOString(),
    comment: `Imported from ${file.filename}`,
  });
}
