import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { HttpError, parseWith } from '../../../http/http-error';
import {
  deleteDraftPaper,
  finalizeDraftPaper,
  insertDraftPaper,
} from '../../../papers/draft-papers';
import { assertCitationsStored } from '../../../papers/paper-citations';
import { authorizedPaper } from '../../../policies/paper-policy';
import { presentPaper } from '../../../presenters/paper';
import { findOwnedJob, listOwnedJobs } from '../../../queue/job-store';
import { isUuid } from '../files/schema';
import { paperId } from './paper-id';
import { cancelPaperBody, finalizePaperBody, tempPaperBody } from './schema';

const RUNNING = new Set(['pending', 'processing']);

/**
 * The wizard's temporary paper (001 §4, §7; docs/structure.md): created as a draft the paper
 * list hides, finalized by Save, removed with its running jobs by Discard or Close.
 */
export const draftPaperRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { database, queue } = context;
  const { db } = database;

  app.post('/papers/temp', async (request, reply) => {
    const body = parseWith(tempPaperBody, request.body ?? {});
    const row = await insertDraftPaper(db, request.user.id, {
      type: body.type,
      title: body.title,
      description: body.description,
      methodology: body.methodology,
      field: body.fieldOfResearch,
    });
    return reply.code(201).send({ id: row.id });
  });

  app.post('/papers/:id/finalize', async (request) => {
    const id = paperId(request.params);
    const body = parseWith(finalizePaperBody, request.body ?? {});
    const { properties } = body;
    // The wizard is its owner's (`manage`), as for Discard below.
    const paper = await authorizedPaper(db, request.user, 'manage', id);
    if (paper.status !== 'draft') throw new HttpError(409, 'Paper is already saved');
    await assertCitationsStored(db, undefined, request.user.id, body.citations);
    const row = await finalizeDraftPaper(db, paper.id, {
      type: body.type,
      content: body.content,
      citations: body.citations,
      title: properties.title,
      description: properties.description,
      methodology: properties.methodology,
      field: properties.fieldOfResearch,
    });
    if (!row) throw new HttpError(409, 'Paper is already saved');
    // The draft's live document (made when a file was imported into it) takes the wizard's
    // content as the smallest change, like any writer's (issue 32): papers.content alone
    // would be overwritten by the live document's next compaction.
    const content = await context.liveDocuments.applyMarkdown(row.id, body.content, {
      writer: 'wizard',
      userId: request.user.id,
    });
    return presentPaper({ ...row, content }, 'owner');
  });

  app.post('/papers/:id/cancel', async (request) => {
    const id = paperId(request.params);
    const { structureJobId } = parseWith(cancelPaperBody, request.body ?? {});
    const userId = request.user.id;
    // A draft is the wizard's, and only its owner runs the wizard on a paper.
    const paper = await authorizedPaper(db, request.user, 'manage', id);
    if (paper.status !== 'draft') throw new HttpError(409, 'A saved paper cannot be discarded');
    const running = (await listOwnedJobs(db, userId, { paperId: id })).filter((job) =>
      RUNNING.has(job.status),
    );
    // The wizard names its structure job; one started without the paper's id is cancelled too.
    const named =
      structureJobId && isUuid(structureJobId)
        ? await findOwnedJob(db, userId, structureJobId)
        : undefined;
    if (named && RUNNING.has(named.status)) running.push(named);
    for (const job of running) await queue.cancel(job.id);
    await deleteDraftPaper(db, userId, id);
    return { success: true };
  });
};
