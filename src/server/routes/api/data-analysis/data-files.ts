import type { FastifyPluginAsync } from 'fastify';
import {
  DATA_ANALYSIS_NOT_INSTALLED,
  dataFileFormat,
  type DataSheet,
} from '../../../../shared/analysis/data-file';
import type { AppContext } from '../../../app-context';
import { AttemptThrottle } from '../../../auth/throttle/attempt-throttle';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import {
  deleteDataFile,
  insertDataFile,
  listDataFiles,
} from '../../../analysis/data-files/data-file-store';
import { SandboxBusyError } from '../../../analysis/kernel/sandbox-budget';
import { presentDataFile } from '../../../presenters/data-file';
import { requireOwnUserId } from './owner-id';
import { deleteQuery, filesQuery, isUuid } from './schema';

export function uploadRateLimitMessage(limit: number, retryAfterSeconds: number): string {
  const wait = retryAfterSeconds === 1 ? '1 second' : `${retryAfterSeconds} seconds`;
  return `Too many uploads (at most ${limit} a minute). Please try again in ${wait}.`;
}

/** Room for the multipart envelope and the userId field beside the file. */
const ENVELOPE_BYTES = 64 * 1024;

/** POST /api/data-upload, GET and DELETE /api/data-files (spec 002 §7). */
export const dataFileRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db } = context.database;
  const { maxFileBytes, uploadsPerMinute } = context.config.analysis;
  // Each upload runs a sandbox to describe the file: counted per user in the database, before
  // the file is read or described, so parallel uploads cannot slip past it together.
  const throttle = new AttemptThrottle(db);
  const uploadRule = { name: 'data-upload', limit: uploadsPerMinute, windowSeconds: 60 };
  const tooLarge = `The file is too large (${Math.round(maxFileBytes / 1024 / 1024)} MB at most)`;

  // The one multipart route: the body is read whole (bounded) and parsed by the platform's
  // FormData, so no multipart library is needed.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: maxFileBytes + ENVELOPE_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post('/data-upload', async (request, reply) => {
    const decision = await throttle.attempt(uploadRule, request.user.id);
    if (!decision.allowed) {
      void reply.header('retry-after', String(decision.retryAfterSeconds));
      throw new HttpError(
        429,
        uploadRateLimitMessage(uploadRule.limit, decision.retryAfterSeconds),
      );
    }
    const type = request.headers['content-type'] ?? '';
    if (!type.startsWith('multipart/form-data') || !Buffer.isBuffer(request.body)) {
      throw new HttpError(400, 'Send the file as multipart/form-data');
    }
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(request.body), {
        headers: { 'content-type': type },
      }).formData();
    } catch {
      throw new HttpError(400, 'The upload could not be read');
    }
    requireOwnUserId(request.user, form.get('userId'));
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0)
      throw new HttpError(400, 'No file was uploaded');
    const format = dataFileFormat(file.name);
    if (!format) throw new HttpError(400, 'Only csv, xlsx and xls files can be analysed');
    if (file.size > maxFileBytes) throw new HttpError(413, tooLarge);
    if (await context.analysis.unavailableReason()) {
      throw new HttpError(503, DATA_ANALYSIS_NOT_INSTALLED);
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const filename = file.name.slice(0, 255);
    const description = (await context.analysis
      .describe(request.user.id, { name: filename, bytes }, format)
      .catch((error: Error) => {
        if (error instanceof SandboxBusyError) throw new HttpError(503, error.message);
        return { error: 'the file could not be read in time' };
      })) as {
      sheets?: DataSheet[];
      error?: string;
    };
    if (!description.sheets) {
      throw new HttpError(
        400,
        `The file could not be read: ${description.error ?? 'unknown format'}`,
      );
    }
    const row = await insertDataFile(db, {
      ownerId: request.user.id,
      filename,
      format,
      original: bytes,
      originalSize: bytes.byteLength,
      sheets: description.sheets,
    });
    return reply.code(201).send({ fileId: row.id, file: presentDataFile(row) });
  });

  app.get('/data-files', async (request) => {
    const { userId } = parseWith(filesQuery, request.query);
    requireOwnUserId(request.user, userId);
    const rows = await listDataFiles(db, request.user.id);
    return { files: rows.map(presentDataFile) };
  });

  app.delete('/data-files', async (request) => {
    const { fileId, userId } = parseWith(deleteQuery, request.query);
    requireOwnUserId(request.user, userId);
    if (!isUuid(fileId) || !(await deleteDataFile(db, request.user.id, fileId))) {
      throw notFound('Data file');
    }
    return { success: true };
  });
};
