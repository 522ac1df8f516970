import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appState, jobs } from '../../db/schema';

/** Bump when the files in corpus/ change, so existing installations load the new selection. */
export const BUNDLED_CORPUS_VERSION = 'arxiv-20k+openalex-1k.1';
export const CORPUS_STATE_KEY = 'bundled_corpus';
export const CORPUS_JOB = 'corpus.load';
const CHECKPOINT_KEY = 'bundled_corpus_checkpoint';

/** Where an interrupted corpus load stopped: the last stored line of a file, and works so far. */
export interface CorpusCheckpoint {
  version: string;
  file: string;
  line: number;
  works: number;
}

/** Every JSONL file (gzipped or not) in the corpus directory, in name order. */
export function corpusFiles(directory: string): { path: string; bytes: number }[] {
  return readdirSync(directory)
    .filter((name) => /\.jsonl(\.gz)?$/.test(name))
    .sort()
    .map((name) => {
      const full = path.join(directory, name);
      return { path: full, bytes: statSync(full).size };
    });
}

export async function loadedCorpusVersion(db: Db): Promise<string | null> {
  const [row] = await db.select().from(appState).where(eq(appState.key, CORPUS_STATE_KEY));
  const value = row?.value as { version?: unknown } | undefined;
  return typeof value?.version === 'string' ? value.version : null;
}

export async function markCorpusLoaded(
  db: Db,
  details: { version: string; works: number },
): Promise<void> {
  const value = { loadedAt: new Date().toISOString(), ...details };
  await db
    .insert(appState)
    .values({ key: CORPUS_STATE_KEY, value })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: new Date() } });
}

/** The newest corpus load job, for the progress shown while the store fills. */
export async function latestCorpusJob(db: Db) {
  const rows = await db
    .select()
    .from(jobs)
    .where(eq(jobs.type, CORPUS_JOB))
    .orderBy(jobs.createdAt);
  return rows.at(-1);
}

export async function corpusJobRunning(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, CORPUS_JOB), inArray(jobs.status, ['pending', 'processing'])));
  return rows.length > 0;
}

export async function readCorpusCheckpoint(
  db: Db,
  version: string,
): Promise<CorpusCheckpoint | null> {
  const [row] = await db.select().from(appState).where(eq(appState.key, CHECKPOINT_KEY));
  const value = row?.value as Partial<CorpusCheckpoint> | undefined;
  const valid =
    value?.version === version &&
    typeof value.file === 'string' &&
    typeof value.line === 'number' &&
    typeof value.works === 'number';
  return valid ? (value as CorpusCheckpoint) : null;
}

export async function saveCorpusCheckpoint(db: Db, checkpoint: CorpusCheckpoint): Promise<void> {
  const value = { ...checkpoint };
  await db
    .insert(appState)
    .values({ key: CHECKPOINT_KEY, value })
    .onConflictDoUpdate({ target: appState.key, set: { value, updatedAt: new Date() } });
}

export async function clearCorpusCheckpoint(db: Db): Promise<void> {
  await db.delete(appState).where(eq(appState.key, CHECKPOINT_KEY));
}
