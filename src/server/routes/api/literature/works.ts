import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { notFound } from '../../../http/http-error';
import { isRefId } from '../../../../shared/citations/ref-id';
import { countSharedWorks, findVisibleWorks } from '../../../literature/store/work-store';
import { latestCorpusJob } from '../../../literature/corpus/bundled-corpus';

export const worksRoutes: FastifyPluginAsync<AppContext> = async (app, { database }) => {
  app.get('/works/:refId', async (request) => {
    const { refId } = request.params as { refId: string };
    if (!isRefId(refId)) throw notFound('Work');
    const [work] = await findVisibleWorks(database.db, request.user.id, [refId]);
    if (!work) throw notFound('Work');
    return work;
  });

  /** How full the literature store is, and the bundled corpus load's progress while it runs. */
  app.get('/literature/status', async () => {
    const job = await latestCorpusJob(database.db);
    return {
      works: await countSharedWorks(database.db),
      corpus: job
        ? {
            status: job.status,
            progress: job.progress ?? null,
            result: job.status === 'completed' ? job.result : null,
            error: job.error,
          }
        : null,
    };
  });
};
