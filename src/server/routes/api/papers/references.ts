import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { parseWith } from '../../../http/http-error';
import {
  buildBibliography,
  buildNumberedBibliography,
  bibliographyLines,
} from '../../../../shared/citations/bibliography';
import { citationStyle, isCitationStyleId } from '../../../../shared/citations/citation-styles';
import { registerCitationStyles } from '../../../citations/citation-style-registry';
import { doiLookupsFor } from '../../../citations/doi-lookups';
import { resolveReference } from '../../../citations/reference-resolver';
import { importEntries } from '../../../citations/import/import-works';
import { worksToBibtex } from '../../../citations/export/bibtex';
import { worksToCslJson } from '../../../citations/export/csl-json';
import {
  importReferences,
  MAX_IMPORT_ENTRIES,
  tooManyEntries,
} from '../../../papers/import-references';
import { citationRefIds, findPaperWorks } from '../../../papers/paper-citations';
import { authorizedPaper } from '../../../policies/paper-policy';
import { presentJob } from '../../../presenters/job';
import { REFERENCES_IMPORT_JOB } from '../../../queue/jobs/references-import';
import { paperId } from './paper-id';

const bibliographyBody = z.object({
  refIds: z.array(z.string().regex(/^ref_[a-z0-9]{8}$/, 'Invalid refId')).max(2000),
  style: z.string().refine(isCitationStyleId, 'Unknown citation style').optional(),
});

const importBody = z.object({
  format: z.enum(['bibtex', 'ris', 'csl-json']).optional(),
  text: z.string().min(1, 'The file is empty'),
});

/** Files with more entries than this are imported by a background job with progress. */
const SYNC_IMPORT_ENTRIES = 500;

const exportQuery = z.object({ format: z.enum(['bibtex', 'csl-json']).default('bibtex') });

/** A paper's references: the APA list to insert, and BibTeX/RIS/CSL-JSON import and export. */
export const paperReferencesRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { config, database, outbound, queue },
) => {
  const { db } = database;

  app.post('/papers/:id/bibliography', async (request) => {
    const paper = await authorizedPaper(db, request.user, 'read', paperId(request.params));
    const { refIds, style } = parseWith(bibliographyBody, request.body);
    // On first use rather than at start: it loads citation-js and the style files.
    registerCitationStyles();
    const works = await findPaperWorks(db, paper, request.user.id, refIds);
    const negotiation = doiLookupsFor(config, outbound);
    const sources = await Promise.all(
      works.map(async (work) => {
        const resolved = await resolveReference({ doi: work.doi, work }, { style, negotiation });
        return { refId: work.refId, reference: resolved.reference };
      }),
    );
    const chosen = citationStyle(style);
    const inCitationOrder = refIds.flatMap((refId) =>
      sources.filter((source) => source.refId === refId),
    );
    const entries =
      chosen.kind === 'numeric'
        ? buildNumberedBibliography(inCitationOrder, (number) =>
            chosen.id === 'ieee' ? `[${number}]` : `${number}.`,
          )
        : buildBibliography(sources);
    return {
      markdown: bibliographyLines(entries).join('\n\n'),
      entries: entries.map((entry) => ({
        refId: entry.refIds[0],
        xrefId: entry.xrefId,
        text: entry.text,
      })),
    };
  });

  /**
   * Small files are imported while the request waits; larger ones (they take seconds) go to the
   * job queue, and the answer is 202 with the job to poll (GET /api/jobs/:id).
   */
  app.post('/papers/:id/references/import', async (request, reply) => {
    const paper = await authorizedPaper(db, request.user, 'edit', paperId(request.params));
    const { format, text } = parseWith(importBody, request.body);
    const entries = importEntries(text, format);
    if (entries.count > MAX_IMPORT_ENTRIES) throw tooManyEntries(entries.count);
    if (entries.count > SYNC_IMPORT_ENTRIES) {
      const job = await queue.enqueue(REFERENCES_IMPORT_JOB, {
        ownerId: request.user.id,
        paperId: paper.id,
        input: { userName: request.user.name, format, text },
      });
      return reply.code(202).send({ entries: entries.count, job: presentJob(job) });
    }
    const summary = await importReferences(db, {
      actor: request.user,
      userName: request.user.name,
      paperId: paper.id,
      entries,
    });
    return {
      imported: summary.imported,
      errors: summary.errors.map((issue) => ({ line: issue.line, message: issue.message })),
    };
  });

  app.get('/papers/:id/references/export', async (request, reply) => {
    const paper = await authorizedPaper(db, request.user, 'export', paperId(request.params));
    const { format } = parseWith(exportQuery, request.query);
    const works = await findPaperWorks(
      db,
      paper,
      request.user.id,
      citationRefIds(Array.isArray(paper.citations) ? paper.citations : []),
    );
    const slug = (paper.title || 'references').replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 50);
    if (format === 'csl-json') {
      return reply
        .type('application/vnd.citationstyles.csl+json')
        .header('content-disposition', `attachment; filename="${slug}.json"`)
        .send(worksToCslJson(works));
    }
    return reply
      .type('application/x-bibtex; charset=utf-8')
      .header('content-disposition', `attachment; filename="${slug}.bib"`)
      .send(worksToBibtex(works));
  });
};
