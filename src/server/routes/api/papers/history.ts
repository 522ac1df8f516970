import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { parseWith } from '../../../http/http-error';
import { listVersions } from '../../../papers/history-store';
import { authorizedPaper } from '../../../policies/paper-policy';
import { restoreVersion } from '../../../papers/restore-version';
import { presentHistoryEntry } from '../../../presenters/history-entry';
import { paperId } from './paper-id';

const restoreBody = z.object({ historyId: z.uuid('Version not found') });

export const paperHistoryRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { database, liveDocuments },
) => {
  const { db } = database;

  app.get('/papers/:id/history', async (request) => {
    const paper = await authorizedPaper(db, request.user, 'read', paperId(request.params));
    const versions = await listVersions(db, paper.id);
    return { history: versions.map(presentHistoryEntry) };
  });

  app.post('/papers/:id/history/restore', async (request) => {
    const id = paperId(request.params);
    const { historyId } = parseWith(restoreBody, request.body);
    // The version's text becomes the live document's as one change from its state now, so a
    // tab's typing still on its way merges with it instead of being replaced.
    const { paper, content, restoredFromVersion } = await restoreVersion(
      db,
      { actor: request.user, userName: request.user.name, paperId: id, historyId },
      {
        markdown: async () => (await liveDocuments.snapshot(id)).markdown,
        replace: (versionContent) =>
          liveDocuments.replaceMarkdown(id, versionContent, {
            writer: 'restore',
            userId: request.user.id,
          }),
      },
    );
    return {
      success: true,
      paper: {
        title: paper.title,
        content,
        citations: paper.citations,
        updated_at: paper.updatedAt.toISOString(),
      },
      restoredFromVersion,
    };
  });
};
