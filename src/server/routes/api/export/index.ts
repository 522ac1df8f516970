import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../../app-context';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import {
  ExportBrowser,
  ExportBrowserError,
  ExportTooLargeError,
} from '../../../export/chromium/export-browser';
import type { ExportPaper } from '../../../export/export-paper';
import { withoutResolvedComments } from '../../../comments/resolved-comments';
import type { Download } from '../../../export/latex/latex-download';
import { setCitationStyle } from '../../../papers/paper-store';
import { authorizedPaper, type Actor } from '../../../policies/paper-policy';
import { paperId } from '../papers/paper-id';
import { ExportSlots } from './export-slots';
import { citationStyleBody, htmlPdfBody, paperExportBody } from './schema';

const renderers = () => import('../../../export/renderers');

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Export of a paper as PDF, Word, LaTeX or HTML (spec 000 §2.4, §7), each built from the one
 * document model; only the paper's owner can export it.
 */
export const exportRoutes: FastifyPluginAsync<AppContext> = async (app, { config, database }) => {
  const { db } = database;
  const browser = new ExportBrowser(
    config.export.chromiumPath,
    config.export.timeoutMs,
    config.export.browserPages,
  );
  app.addHook('onClose', () => browser.close());
  const slots = new ExportSlots(config.export.perUser);
  const { maxPages } = config.export;

  async function paperExport(actor: Actor, body: { paperId: string; includeAbstracts: boolean }) {
    const paper = await authorizedPaper(db, actor, 'export', body.paperId);
    const { buildExportPaper } = await renderers();
    return buildExportPaper({
      title: paper.title,
      content: await withoutResolvedComments(db, paper),
      citations: Array.isArray(paper.citations) ? paper.citations : [],
      citationStyle: paper.citationStyle,
      includeAbstracts: body.includeAbstracts,
    });
  }

  // A missing Chromium, an export over its time limit or a document beyond the page budget is
  // the user's to know, not a 500.
  const send = async (
    reply: FastifyReply,
    userId: string,
    type: string,
    fileName: string,
    render: () => Promise<Buffer | string | Download> | Buffer | string,
  ) => {
    const file = await slots
      .run(userId, async () => render())
      .catch((error: unknown) => {
        if (error instanceof ExportBrowserError) throw new HttpError(503, error.message);
        if (error instanceof ExportTooLargeError) throw new HttpError(413, error.message);
        throw error;
      });
    // A format whose file depends on the paper (LaTeX: .tex, or .zip with figures) names it.
    const download =
      typeof file === 'string' || Buffer.isBuffer(file) ? { body: file, type, fileName } : file;
    return reply
      .header('content-type', download.type)
      .header('content-disposition', `attachment; filename="${download.fileName}"`)
      .send(download.body);
  };

  app.post('/html-pdf', async (request, reply) => {
    const body = parseWith(htmlPdfBody, request.body);
    const options = { paperSize: body.paperSize, maxPages };
    return send(reply, request.user.id, 'application/pdf', 'document.pdf', async () => {
      const { exportHtmlAsPdf, exportPdf } = await renderers();
      return 'html' in body
        ? exportHtmlAsPdf(browser, body.html, options)
        : exportPdf(browser, await paperExport(request.user, body), options);
    });
  });

  app.post('/html-word', async (request, reply) => {
    const body = parseWith(paperExportBody, request.body);
    return send(reply, request.user.id, DOCX_TYPE, 'document.docx', async () =>
      wordDocument(browser, await paperExport(request.user, body)),
    );
  });

  app.post('/html-latex', async (request, reply) => {
    const body = parseWith(paperExportBody, request.body);
    return send(
      reply,
      request.user.id,
      'application/x-tex; charset=utf-8',
      'document.tex',
      async () => latexDocument(browser, await paperExport(request.user, body)),
    );
  });

  app.post('/export-html', async (request, reply) => {
    const body = parseWith(paperExportBody, request.body);
    return send(reply, request.user.id, 'text/html; charset=utf-8', 'document.html', async () =>
      (await renderers()).exportHtml(browser, await paperExport(request.user, body)),
    );
  });

  app.put('/papers/:id/citation-style', async (request) => {
    const { citationStyle } = parseWith(citationStyleBody, request.body);
    const paper = await authorizedPaper(db, request.user, 'manage', paperId(request.params));
    const updated = await setCitationStyle(db, paper.id, citationStyle);
    if (!updated) throw notFound('Paper');
    return { citation_style: citationStyle };
  });
};

async function wordDocument(browser: ExportBrowser, paper: ExportPaper): Promise<Buffer> {
  const { renderDiagramImages, renderDocx } = await renderers();
  const diagrams = await renderDiagramImages(browser, paper.doc);
  return renderDocx(paper, diagrams);
}

async function latexDocument(browser: ExportBrowser, paper: ExportPaper): Promise<Download> {
  const { latexDownload, renderDiagramImages, renderLatex } = await renderers();
  return latexDownload(renderLatex(paper, await renderDiagramImages(browser, paper.doc)));
}
