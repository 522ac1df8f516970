import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/database';
import {
  deletePaperFile,
  fileIdOwner,
  listPaperFiles,
  updateFileContents,
} from '../../../files/file-store';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import { authorizedPaper, type Actor } from '../../../policies/paper-policy';
import { presentPaperFile } from '../../../presenters/paper-file';
import { deleteQuery, isUuid, listQuery, updateBody } from './schema';

/**
 * A file the actor may edit, through its paper: a file of a paper they cannot reach answers
 * 404 like a missing one.
 */
async function editableFile(db: Db, actor: Actor, fileId: string) {
  const file = isUuid(fileId) ? await fileIdOwner(db, fileId) : undefined;
  if (!file) throw notFound('File');
  try {
    await authorizedPaper(db, actor, 'edit', file.paperId);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound('File');
    throw error;
  }
  return { id: fileId, paperId: file.paperId };
}

/** GET/PUT/DELETE /api/files (spec 000 §7): a paper's uploaded files, as the policy allows. */
export const filesRoutes: FastifyPluginAsync<AppContext> = async (app, { database }) => {
  const { db } = database;

  app.get('/files', async (request) => {
    const { paperId } = parseWith(listQuery, request.query);
    const paper = await authorizedPaper(db, request.user, 'read', paperId);
    const rows = await listPaperFiles(db, paper.id);
    return { files: rows.map(presentPaperFile) };
  });

  app.put('/files', async (request) => {
    const { fileId, contents } = parseWith(updateBody, request.body);
    const file = await editableFile(db, request.user, fileId);
    const row = await updateFileContents(db, file, contents);
    if (!row) throw notFound('File');
    return { file: presentPaperFile(row) };
  });

  app.delete('/files', async (request) => {
    const { fileId } = parseWith(deleteQuery, request.query);
    const file = await editableFile(db, request.user, fileId);
    if (!(await deletePaperFile(db, file))) throw notFound('File');
    return { success: true };
  });
};
