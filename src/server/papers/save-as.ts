import type { Db } from '../db/database';
import { authorizedPaper } from '../policies/paper-policy';
import { insertPaper } from './paper-store';

/** Save As: a new paper with the original's properties and citations and the given text. */
export async function saveAs(
  db: Db,
  request: { ownerId: string; originalPaperId: string; newName: string; content: string },
) {
  // A copy is the reader's own paper, like an export: anyone who may export may make one.
  const original = await authorizedPaper(
    db,
    { id: request.ownerId },
    'export',
    request.originalPaperId,
  );
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
