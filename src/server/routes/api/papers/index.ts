import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import { deletePaper, insertPaper } from '../../../papers/paper-store';
import { importFileAsContent } from '../../../papers/import-file-content';
import { savePaper, type PaperChanges } from '../../../papers/save-paper';
import { assertCitationsStored } from '../../../papers/paper-citations';
import { differsOnlyInComments } from '../../../../shared/document/comment-notes';
import {
  accessiblePapers,
  authorize,
  authorizedPaper,
  type AccessiblePaper,
  type PaperAction,
} from '../../../policies/paper-policy';
import { presentPaper, presentPaperSummary } from '../../../presenters/paper';
import { isUuid } from '../files/schema';
import { createPaperBody, importFileBody, listQuery, updatePaperBody } from './schema';

const PROPERTIES = ['type', 'description', 'methodology', 'field', 'language'] as const;

/**
 * The text and its title are an editor's to change; the rest are the owner's properties. A
 * save that sends a property unchanged (the editor sends what it loaded) changes none.
 */
function changesProperties(changes: PaperChanges, paper: AccessiblePaper): boolean {
  return PROPERTIES.some(
    (field) => changes[field] !== undefined && changes[field] !== paper[field],
  );
}

/** What a save needs the policy to allow: a commenter may save comments and nothing else. */
function saveAction(changes: PaperChanges, paper: AccessiblePaper): PaperAction {
  if (changesProperties(changes, paper)) return 'manage';
  const textOnly = Object.entries(changes).every(
    ([field, value]) =>
      value === undefined ||
      field === 'content' ||
      (field === 'title' && value === paper.title) ||
      (field === 'citations' && JSON.stringify(value) === JSON.stringify(paper.citations)),
  );
  const content = changes.content;
  if (textOnly && content !== undefined && differsOnlyInComments(paper.content, content)) {
    return 'comment';
  }
  return 'edit';
}

export const papersRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { database, liveDocuments } = context;
  const { db } = database;

  app.get('/papers', async (request) => {
    const { search } = parseWith(listQuery, request.query);
    const rows = await accessiblePapers(db, request.user, search);
    return rows.map(presentPaperSummary);
  });

  app.post('/papers', async (request, reply) => {
    const body = parseWith(createPaperBody, request.body);
    const row = await insertPaper(db, request.user.id, body);
    return reply.code(201).send(presentPaper(row, 'owner'));
  });

  app.get('/papers/:id', async (request) => {
    const paper = await authorizedPaper(db, request.user, 'read', paramId(request.params));
    // What the editors show now, so a client that writes back what it read removes nothing.
    const content = liveDocuments.openMarkdown(paper.id) ?? paper.content;
    return presentPaper({ ...paper, content }, paper.role);
  });

  app.put('/papers/:id', async (request) => {
    const id = paramId(request.params);
    // updated_at is accepted and ignored: the live document merges concurrent writers, so a
    // save over a newer version is no longer refused (docs/live-document.md).
    const {
      updated_at: _editedVersion,
      live,
      ...changes
    } = parseWith(updatePaperBody, request.body ?? {});
    const found = await authorizedPaper(db, request.user, 'read', id);
    if (live) changes.content = (await liveDocuments.snapshot(found.id)).markdown;
    const paper = authorize(request.user, saveAction(changes, found), found);
    if (Object.keys(changes).length === 0) throw new HttpError(400, 'Nothing to update');
    if (changes.citations) {
      await assertCitationsStored(db, paper, request.user.id, changes.citations);
    }
    const row = await savePaper(db, {
      paper,
      userName: request.user.name,
      changes,
    });
    if (changes.content === undefined || live) return presentPaper(row, paper.role);
    // papers.content already holds what was sent (the save wrote it), so the compaction is
    // left to the debounced store: the answer waits only for the change's log row.
    const content = await liveDocuments.applyMarkdown(
      paper.id,
      changes.content,
      { writer: 'api', userId: request.user.id },
      { compaction: 'debounced' },
    );
    return presentPaper({ ...row, content }, paper.role);
  });

  app.post('/papers/:id/import-file', async (request) => {
    const paper = await authorizedPaper(db, request.user, 'edit', paramId(request.params));
    const { fileId } = parseWith(importFileBody, request.body ?? {});
    if (!isUuid(fileId)) throw notFound('File');
    const row = await importFileAsContent(context, {
      paper,
      userId: request.user.id,
      userName: request.user.name,
      fileId,
    });
    return presentPaper(row, paper.role);
  });

  app.delete('/papers/:id', async (request) => {
    const paper = await authorizedPaper(db, request.user, 'manage', paramId(request.params));
    if (!(await deletePaper(db, paper))) throw notFound('Paper');
    liveDocuments.disconnect(paper.id);
    return { success: true };
  });
};

function paramId(params: unknown): unknown {
  return (params as { id?: unknown } | null)?.id;
}
