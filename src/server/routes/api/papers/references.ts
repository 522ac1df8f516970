import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { notFound, parseWith } from '../../../http/http-error';
import { buildBibliography, bibliographyLines } from '../../../../shared/citations/bibliography';
import type { Work } from '../../../../shared/citations/work';
import { resolveReference } from '../../../citations/reference-resolver';
import { importWorks } from '../../../citations/import/import-works';
import { worksToBibtex } from '../../../citations/export/bibtex';
import { worksToCslJson } from '../../../citations/export/csl-json';
import { findWorks, upsertWorks } from '../../../literature/store/work-store';
import { citationRefIds } from '../../../papers/paper-citations';
import { findOwnedPaper } from '../../../papers/paper-store';
import { savePaper } from '../../../papers/save-paper';
import { paperId } from './paper-id';

const bibliographyBody = z.object({
  refIds: z.array(z.string().regex(/^ref_[a-z0-9]{8}$/, 'Invalid refId')).max(2000),
  style: z.string().max(100).optional(),
});

const importBody = z.object({
  format: z.enum(['bibtex', 'ris', 'csl-json']).optional(),
  text: z.string().min(1, 'The file is empty'),
});

const exportQuery = z.object({ format: z.enum(['bibtex', 'csl-json']).default('bibtex') });

/** A paper's references: the APA list to insert, and BibTeX/RIS/CSL-JSON import and export. */
export const paperReferencesRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { config, database },
) => {
  const { db } = database;

  async function ownedPaper(ownerId: string, params: unknown) {
    const paper = await findOwnedPaper(db, ownerId, paperId(params));
    if (!paper) throw notFound('Paper');
    return paper;
  }

  app.post('/papers/:id/bibliography', async (request) => {
    await ownedPaper(request.user.id, request.params);
    const { refIds, style } = parseWith(bibliographyBody, request.body);
    const works = await findWorks(db, refIds);
    const sources = await Promise.all(
      works.map(async (work) => {
        const resolved = await resolveReference(
          { doi: work.doi, work },
          { style, negotiation: { baseUrl: config.literature.doiResolverUrl } },
        );
        return { refId: work.refId, reference: resolved.reference };
      }),
    );
    const entries = buildBibliography(sources);
    return {
      markdown: bibliographyLines(entries).join('\n\n'),
      entries: entries.map((entry) => ({
        refId: entry.refIds[0],
        xrefId: entry.xrefId,
        text: entry.text,
      })),
    };
  });

  app.post('/papers/:id/references/import', async (request) => {
    const paper = await ownedPaper(request.user.id, request.params);
    const { format, text } = parseWith(importBody, request.body);
    const result = importWorks(text, format);
    const stored = await upsertWorks(db, result.works, 'import');
    const existing = Array.isArray(paper.citations) ? paper.citations : [];
    const known = new Set(citationRefIds(existing));
    const added: Work[] = stored.filter((work) => !known.has(work.refId));
    if (added.length > 0) {
      await savePaper(db, {
        ownerId: request.user.id,
        userName: request.user.name,
        paperId: paper.id,
        comment: `Imported ${added.length} references`,
        changes: { citations: [...existing, ...added] },
      });
    }
    return {
      imported: stored,
      errors: result.errors.map((issue) => ({ line: issue.line, message: issue.message })),
    };
  });

  app.get('/papers/:id/references/export', async (request, reply) => {
    const paper = await ownedPaper(request.user.id, request.params);
    const { format } = parseWith(exportQuery, request.query);
    const works = await findWorks(
      db,
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
