import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { HttpError } from '../../../http/http-error';
import { parseDoi } from '../../../../shared/citations/doi';
import type { Work } from '../../../../shared/citations/work';
import { doiLookupsFor } from '../../../citations/doi-lookups';
import { resolveReference } from '../../../citations/reference-resolver';
import { findVisibleWorks, findVisibleWorksByDoi } from '../../../literature/store/work-store';

const MAX_DOIS = 200;

const citationBody = z.union([
  z.object({ doi: z.string().min(1).max(300) }),
  z.object({ dois: z.array(z.string().min(1).max(300)).min(1).max(MAX_DOIS) }),
  z.object({ refIds: z.array(z.string().min(1).max(40)).min(1).max(MAX_DOIS) }),
]);

/**
 * POST /api/citation (spec 000 §7): APA text per DOI from the stored record, else the DOI
 * content-negotiation service, else a generated line, else '{doi} not found'. Beyond the spec,
 * `{refIds}` asks by stored work, so works without a DOI (BibTeX imports, web pages) get a
 * reference too.
 */
export const citationRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { config, database, outbound },
) => {
  app.post('/citation', async (request) => {
    const parsed = citationBody.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'Send {doi}, {dois: [...]} or {refIds: [...]}');
    const viewerId = request.user.id;
    const negotiation = doiLookupsFor(config, outbound);
    if ('refIds' in parsed.data) {
      return { citations: await citeStoredWorks(viewerId, parsed.data.refIds, negotiation) };
    }
    const requested = 'doi' in parsed.data ? [parsed.data.doi] : parsed.data.dois;
    const normalised = requested.map((doi) => parseDoi(doi));
    const stored = await findVisibleWorksByDoi(
      database.db,
      viewerId,
      normalised.filter((doi): doi is string => doi !== null),
    );
    const byDoi = new Map<string | null, Work>();
    for (const work of stored) if (!byDoi.has(work.doi)) byDoi.set(work.doi, work);
    const citations = await Promise.all(
      requested.map(async (doi, index) => {
        const clean = normalised[index] ?? null;
        if (clean === null) return { doi, reference: `${doi} not found` };
        const resolved = await resolveReference(
          { doi: clean, work: byDoi.get(clean) ?? null },
          { negotiation },
        );
        return { doi: clean, reference: resolved.reference };
      }),
    );
    return { citations };
  });

  async function citeStoredWorks(
    viewerId: string,
    refIds: string[],
    negotiation: ReturnType<typeof doiLookupsFor>,
  ) {
    const visible = await findVisibleWorks(database.db, viewerId, refIds);
    const works = new Map(visible.map((w) => [w.refId, w]));
    return Promise.all(
      refIds.map(async (refId) => {
        const work = works.get(refId) ?? null;
        if (work === null) return { refId, doi: null, reference: `${refId} not found` };
        const resolved = await resolveReference({ doi: work.doi, work }, { negotiation });
        return { refId, doi: resolved.doi, reference: resolved.reference };
      }),
    );
  }
};
