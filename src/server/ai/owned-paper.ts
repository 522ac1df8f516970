import { z } from 'zod';
import type { Db } from '../db/database';
import { notFound } from '../http/http-error';
import { findOwnedPaper, type PaperRow } from '../papers/paper-store';

const uuid = z.uuid();

/** The user's paper, or 404 for a missing, foreign or malformed id alike. */
export async function ownedPaper(db: Db, ownerId: string, paperId: string): Promise<PaperRow> {
  const row = uuid.safeParse(paperId).success
    ? await findOwnedPaper(db, ownerId, paperId)
    : undefined;
  if (!row) throw notFound('Paper');
  return row;
}
