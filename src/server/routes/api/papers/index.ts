import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import {
  deleteOwnedPaper,
  findOwnedPaper,
  insertPaper,
  listOwnedPapers,
} from '../../../papers/paper-store';
import { importFileAsContent } from '../../../papers/import-file-content';
import { savePaper } from '../../../papers/save-paper';
import { assertCitationsStored } from '../../../papers/paper-citations';
import { presentPaper, presentPaperSummary } from '../../../presenters/paper';
import { isUuid } from '../files/schema';
import { paperId } from './paper-id';
import { createPaperBody, importFileBody, listQuery, updatePaperBody } from './schema';

export const papersRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { database, liveDocuments },
) => {
  const { db } = database;

  app.get('/papers', async (request) => {
    const { search } = parseWith(listQuery, request.query);
    const rows = await listOwnedPapers(db, request.user.id, search);
    return rows.map(presentPaperSummary);
  });

  app.post('/papers', async (request, reply) => {
    const body = parseWith(createPaperBody, request.body);
    const row = await insertPaper(db, request.user.id, body);
    return reply.code(201).send(presentPaper(row));
  });

  app.get('/papers/:id', async (request) => {
    const row = await findOwnedPaper(db, request.user.id, paperId(request.params));
    if (!row) throw notFound('Paper');
    return presentPaper(row);
  });

  app.put('/papers/:id', async (request) => {
    const id = paperId(request.params);
    // updated_at is accepted and ignored: the live document merges concurrent writers, so a
    // save over a newer version is no longer refused (docs/live-document.md).
    const { updated_at: _editedVersion, ...changes } = parseWith(
      updatePaperBody,
      request.body ?? {},
    );
    if (Object.keys(changes).length === 0) throw new HttpError(400, 'Nothing to update');
    if (changes.citations) await assertCitationsStored(db, request.user.id, changes.citations);
    const row = await savePaper(db, {
      ownerId: request.user.id,
      userName: request.user.name,
      paperId: id,
      changes,
    });
    if (changes.content === undefined) return presentPaper(row);
    const content = await liveDocuments.applyMarkdown(id, changes.content, {
      writer: 'api',
      userId: request.user.id,
    });
    return presentPaper({ ...row, content });
  });

  app.post('/papers/:id/import-file', async (request) => {
    const { fileId } = parseWith(importFileBody, request.body ?? {});
    if (!isUuid(fileId)) throw notFound('File');
    const row = await importFileAsContent(db, {
      ownerId: request.user.id,
      userName: request.user.name,
      paperId: paperId(request.params),
      fileId,
    });
    return presentPaper(row);
  });

  app.delete('/papers/:id', async (request) => {
    const id = paperId(request.params);
    const deleted = await deleteOwnedPaper(db, request.user.id, id);
    if (!deleted) throw notFound('Paper');
    liveDocuments.disconnect(id);
    return { success: true };
  });
};
