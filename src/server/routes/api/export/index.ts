import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../../app-context';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import { ExportBrowser, ExportBrowserError } from '../../../export/chromium/export-browser';
import { renderDiagramImages } from '../../../export/chromium/diagram-images';
import { renderDocx } from '../../../export/docx/render-docx';
import { buildExportPaper, type ExportPaper } from '../../../export/export-paper';
import { exportHtml } from '../../../export/html/export-html';
import { renderLatex } from '../../../export/latex/render-latex';
import { exportHtmlAsPdf, exportPdf } from '../../../export/pdf/export-pdf';
import { findOwnedPaper, setCitationStyle } from '../../../papers/paper-store';
import { paperId } from '../papers/paper-id';
import { citationStyleBody, htmlPdfBody, paperExportBody } from './schema';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Export of a paper as PDF, Word, LaTeX or HTML (spec 000 §2.4, §7), each built from the one
 * document model; only the paper's owner can export it.
 */
export const exportRoutes: FastifyPluginAsync<AppContext> = async (app, { config, database }) => {
  const { db } = database;
  const browser = new ExportBrowser(config.export.chromiumPath, config.export.timeoutMs);
  app.addHook('onClose', () => browser.close());

  async function ownedExport(
    ownerId: string,
    body: { paperId: string; includeAbstracts: boolean },
  ) {
    const paper = await findOwnedPaper(db, ownerId, body.paperId);
    if (!paper) throw notFound('Paper');
    return buildExportPaper({
      title: paper.title,
      content: paper.content,
      citations: Array.isArray(paper.citations) ? paper.citations : [],
      citationStyle: paper.citationStyle,
      includeAbstracts: body.includeAbstracts,
    });
  }

  // A missing Chromium or an export over its time limit is the user's to know, not a 500.
  const send = async (
    reply: FastifyReply,
    type: string,
    fileName: string,
    body: Promise<Buffer | string> | string,
  ) => {
    const file = await Promise.resolve(body).catch((error: unknown) => {
      if (error instanceof ExportBrowserError) throw new HttpError(503, error.message);
      throw error;
    });
    return reply
      .header('content-type', type)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(file);
  };

  app.post('/html-pdf', async (request, reply) => {
    const body = parseWith(htmlPdfBody, request.body);
    if ('html' in body) {
      return send(
        reply,
        'application/pdf',
        'document.pdf',
        exportHtmlAsPdf(browser, body.html, body.paperSize),
      );
    }
    const paper = await ownedExport(request.user.id, body);
    return send(
      reply,
      'application/pdf',
      'document.pdf',
      exportPdf(browser, paper, body.paperSize),
    );
  });

  app.post('/html-word', async (request, reply) => {
    const paper = await ownedExport(request.user.id, parseWith(paperExportBody, request.body));
    return send(reply, DOCX_TYPE, 'document.docx', wordDocument(browser, paper));
  });

  app.post('/html-latex', async (request, reply) => {
    const paper = await ownedExport(request.user.id, parseWith(paperExportBody, request.body));
    return send(reply, 'application/x-tex; charset=utf-8', 'document.tex', renderLatex(paper));
  });

  app.post('/export-html', async (request, reply) => {
    const paper = await ownedExport(request.user.id, parseWith(paperExportBody, request.body));
    return send(reply, 'text/html; charset=utf-8', 'document.html', exportHtml(browser, paper));
  });

  app.put('/papers/:id/citation-style', async (request) => {
    const { citationStyle } = parseWith(citationStyleBody, request.body);
    const updated = await setCitationStyle(
      db,
      request.user.id,
      paperId(request.params),
      citationStyle,
    );
    if (!updated) throw notFound('Paper');
    return { citation_style: citationStyle };
  });
};

async function wordDocument(browser: ExportBrowser, paper: ExportPaper): Promise<Buffer> {
  const diagrams = await renderDiagramImages(browser, paper.doc);
  return renderDocx(paper, diagrams);
}
