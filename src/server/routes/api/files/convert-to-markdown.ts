import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { ConversionError } from '../../../files/convert/conversion-error';
import { checkFile } from '../../../files/convert/registry';
import { runConversion } from '../../../files/convert/run-conversion';
import { fileIdOwner, storeConvertedFile } from '../../../files/file-store';
import { uploadStream } from '../../../files/upload-stream';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import { authorizedPaper } from '../../../policies/paper-policy';
import { convertBody } from './schema';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

const megabytes = (bytes: number): string => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * POST /api/convertToMarkdown (spec 000 §7): checks the upload (owner, size, type, content,
 * zip bombs) and answers 4xx JSON for a bad one; otherwise streams progress, converts the file
 * in a separate process, stores it, and streams the markdown and FINISHED.
 */
export const convertToMarkdownRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { database, config },
) => {
  const { db } = database;
  const { maxBytes, conversionTimeoutMs, conversionMemoryMb } = config.uploads;
  // Base64 is 4/3 of the file; the rest of the JSON is small. Fastify refuses a larger body
  // with 413 while it is still arriving, before anything is parsed or decoded.
  const bodyLimit = Math.ceil((maxBytes * 4) / 3) + 64 * 1024;

  app.post('/convertToMarkdown', { bodyLimit }, async (request, reply) => {
    const body = parseWith(convertBody, request.body);
    const paper = await authorizedPaper(db, request.user, 'edit', body.paperId);
    if (body.fileId) {
      const existing = await fileIdOwner(db, body.fileId);
      // A new id is the client's choice for a new file; a known one must be this paper's.
      if (existing && existing.paperId !== paper.id) {
        throw notFound('File');
      }
    }
    const data = body.fileData.replace(/\s/g, '');
    if (decodedLength(data) > maxBytes) {
      throw new HttpError(413, `This file is larger than the ${megabytes(maxBytes)} upload limit.`);
    }
    if (!BASE64.test(data)) throw new HttpError(400, 'fileData: must be base64');
    const bytes = Buffer.from(data, 'base64');
    try {
      await checkFile(body.fileName, bytes);
    } catch (error) {
      if (error instanceof ConversionError) throw new HttpError(400, error.message);
      throw error;
    }

    const stream = new PassThrough();
    void reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-accel-buffering', 'no')
      .send(stream);
    const write = (chunk: string) => {
      if (!stream.destroyed) stream.write(chunk);
    };

    // A client that goes away (the dialog closed, the tab gone) frees its conversion's slot.
    const cancelled = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) cancelled.abort();
    });

    write(uploadStream.status('Converting'));
    try {
      const markdown = await runConversion(
        { fileName: body.fileName, bytes, userId: request.user.id, signal: cancelled.signal },
        { timeoutMs: conversionTimeoutMs, memoryMb: conversionMemoryMb },
        (status) => write(uploadStream.status(status)),
        (detail) => request.log.error({ detail, fileName: body.fileName }, 'conversion crashed'),
      );
      if (!markdown.trim()) throw new ConversionError('No text was found in this file.');
      write(uploadStream.status('Saving'));
      const row = await storeConvertedFile(db, {
        id: body.fileId,
        ownerId: request.user.id,
        paperId: paper.id,
        filename: body.fileName,
        goal: body.goal,
        original: bytes,
        contents: markdown,
      });
      for (const chunk of uploadStream.contentChunks(markdown)) write(chunk);
      write(uploadStream.file({ id: row.id, filename: row.filename, goal: row.goal }));
      write(uploadStream.finished());
    } catch (error) {
      if (!(error instanceof ConversionError)) {
        request.log.error({ err: error }, 'upload failed');
      }
      write(
        uploadStream.error(
          error instanceof ConversionError ? error.message : 'This file could not be stored.',
        ),
      );
    } finally {
      stream.end();
    }
    return reply;
  });
};
