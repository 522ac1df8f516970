import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { deleteOwnedFile, listPaperFiles, updateFileContents } from '../../../files/file-store';
import { notFound, parseWith } from '../../../http/http-error';
import { findOwnedPaper } from '../../../papers/paper-store';
import { presentPaperFile } from '../../../presenters/paper-file';
import { deleteQuery, isUuid, listQuery, updateBody } from './schema';

/** GET/PUT/DELETE /api/files (spec 000 §7): a paper's uploaded files, for its owner only. */
export const filesRoutes: FastifyPluginAsync<AppContext> = async (app, { database }) => {
  const { db } = database;

  app.get('/files', async (request) => {
    const { paperId } = parseWith(listQuery, request.query);
    if (!isUuid(paperId) || !(await findOwnedPaper(db, request.user.id, paperId))) {
      throw notFound('Paper');
    }
    const rows = await listPaperFiles(db, request.user.id, paperId);
    return { files: rows.map(presentPaperFile) };
  });

  app.put('/files', async (request) => {
    const { fileId, contents } = parseWith(updateBody, request.body);
    const row = isUuid(fileId)
      ? await updateFileContents(db, request.user.id, fileId, contents)
      : undefined;
    if (!row) throw notFound('File');
    return { file: presentPaperFile(row) };
  });

  app.delete('/files', async (request) => {
    const { fileId } = parseWith(deleteQuery, request.query);
    if (!isUuid(fileId) || !(await deleteOwnedFile(db, request.user.id, fileId))) {
      throw notFound('File');
    }
    return { success: true };
  });
};
