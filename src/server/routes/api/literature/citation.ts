import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { HttpError } from '../../../http/http-error';
import { parseDoi } from '../../../../shared/citations/doi';
import { resolveReference } from '../../../citations/reference-resolver';
import { findWorksByDoi } from '../../../literature/store/work-store';

const MAX_DOIS = 200;

const citationBody = z.union([
  z.object({ doi: z.string().min(1).max(300) }),
  z.object({ dois: z.array(z.string().min(1).max(300)).min(1).max(MAX_DOIS) }),
]);

/**
 * POST /api/citation (spec 000 §7): APA text per DOI from the stored record, else the DOI
 * content-negotiation service, else a generated line, else '{doi} not found'.
 */
export const citationRoutes: FastifyPluginAsync<AppContext> = async (app, { config, database }) => {
  app.post('/citation', async (request) => {
    const parsed = citationBody.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'Send {doi} or {dois: [...]}');
    const requested = 'doi' in parsed.data ? [parsed.data.doi] : parsed.data.dois;
    const normalised = requested.map((doi) => parseDoi(doi));
    const stored = await findWorksByDoi(
      database.db,
      normalised.filter((doi): doi is string => doi !== null),
    );
    const byDoi = new Map(stored.map((work) => [work.doi, work]));
    const citations = await Promise.all(
      requested.map(async (doi, index) => {
        const clean = normalised[index] ?? null;
        if (clean === null) return { doi, reference: `${doi} not found` };
        const resolved = await resolveReference(
          { doi: clean, work: byDoi.get(clean) ?? null },
          { negotiation: { baseUrl: config.literature.doiResolverUrl } },
        );
        return { doi: clean, reference: resolved.reference };
      }),
    );
    return { citations };
  });
};
