import { z } from 'zod';
import { ALL_UPLOAD_GOALS } from '../../../../shared/files/upload-formats';

const uuid = z.uuid('must be a file id');

/** 5 MB of markdown is far more than any prompt can carry; beyond that an edit is a mistake. */
const MAX_CONTENTS_CHARS = 5_000_000;

export const convertBody = z.object({
  fileName: z.string().trim().min(1, 'File name is required').max(255, 'File name is too long'),
  fileData: z.string(),
  streaming: z.boolean().nullish(),
  paperId: z.string(),
  fileId: uuid.nullish().transform((value) => value ?? undefined),
  goal: z.string().refine((goal) => ALL_UPLOAD_GOALS.has(goal), 'Upload goal is not supported'),
});

export const listQuery = z.object({ paperId: z.string().min(1, 'paperId is required') });

export const updateBody = z.object({
  fileId: z.string().min(1, 'fileId is required'),
  contents: z
    .string()
    .max(
      MAX_CONTENTS_CHARS,
      `File is too long (${MAX_CONTENTS_CHARS.toLocaleString('en-US')} characters at most)`,
    ),
});

export const deleteQuery = z.object({ fileId: z.string().min(1, 'fileId is required') });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Malformed ids are answered like missing ones (404), so ids leak nothing. */
export const isUuid = (value: string): boolean => UUID.test(value);
