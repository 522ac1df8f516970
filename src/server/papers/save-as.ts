import type { Db } from '../db/database';
import { notFound } from '../http/http-error';
import { findOwnedPaper, insertPaper } from './paper-store';

/** Save As: a new paper with the original's properties and citations and the given text. */
export async function saveAs(
  db: Db,
  request: { ownerId: string; originalPaperId: string; newName: string; content: string },
) {
  const original = await findOwnedPaper(db, request.ownerId, request.originalPaperId);
  if (!original) throw notFound('Paper');
  return insertPaper(db, request.ownerId, {
    title: request.newName,
    type: original.type,
    description: original.description,
    methodology: original.methodology,
    field: original.field,
    language: original.language,
    citations: original.citations,
    content: request.content,
  });
}
