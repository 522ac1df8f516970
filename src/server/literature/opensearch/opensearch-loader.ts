import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@opensearch-project/opensearch';
import { readLines } from '../formats/jsonl-lines';
import { parseLiteratureLine, type SkippedLine } from '../formats/read-literature-records';
import { recordToWork } from '../store/record-to-work';
import { WORKS_INDEX_MAPPING, workDocument } from './works-index';

export interface LoadOptions {
  index: string;
  /** Where the loader notes the last line it has sent, so a stopped load resumes there. */
  checkpointPath: string;
  batchSize?: number;
  onProgress?: (lineNumber: number, bytesRead: number) => void;
}

export interface LoadSummary {
  indexed: number;
  skipped: SkippedLine[];
  /** The line the load resumed after (0 for a fresh load). */
  resumedAfter: number;
}

interface Checkpoint {
  file: string;
  lineNumber: number;
}

const DEFAULT_BATCH = 1000;
/** OpenSearch answers 429 when its write queue is full; the batch is sent again after a pause. */
const REJECTED_RETRIES = 5;

async function readCheckpoint(checkpointPath: string, file: string): Promise<number> {
  try {
    const checkpoint = JSON.parse(await readFile(checkpointPath, 'utf8')) as Checkpoint;
    return checkpoint.file === file ? checkpoint.lineNumber : 0;
  } catch {
    return 0;
  }
}

async function writeCheckpoint(checkpointPath: string, checkpoint: Checkpoint) {
  await mkdir(path.dirname(checkpointPath), { recursive: true });
  await writeFile(`${checkpointPath}.tmp`, JSON.stringify(checkpoint));
  await rename(`${checkpointPath}.tmp`, checkpointPath);
}

export async function ensureWorksIndex(client: Client, index: string): Promise<void> {
  const exists = await client.indices.exists({ index });
  if (exists.body) return;
  await client.indices.create({ index, body: WORKS_INDEX_MAPPING });
}

/**
 * Streams a JSONL corpus file (arXiv, OpenAlex — e.g. the OpenAlex snapshot's works parts —
 * or BEIR, gzip or not) into an OpenSearch index with the bulk API. Documents are keyed by the
 * work's id (DOI or source id), so sending a batch twice changes nothing; the checkpoint is
 * written after each acknowledged batch, so a load stopped at any point resumes after the last
 * batch OpenSearch took.
 */
export async function loadIntoOpenSearch(
  client: Client,
  file: string,
  options: LoadOptions,
): Promise<LoadSummary> {
  const absolute = path.resolve(file);
  const resumedAfter = await readCheckpoint(options.checkpointPath, absolute);
  await ensureWorksIndex(client, options.index);
  const skipped: SkippedLine[] = [];
  let indexed = 0;
  let batch: { id: string; document: object }[] = [];
  let lastLine = resumedAfter;

  const flush = async () => {
    if (batch.length === 0) return;
    const body = batch.flatMap(({ id, document }) => [
      { index: { _index: options.index, _id: id } },
      document,
    ]);
    await sendBulk(client, body);
    indexed += batch.length;
    batch = [];
    await writeCheckpoint(options.checkpointPath, { file: absolute, lineNumber: lastLine });
  };

  let bytesRead = 0;
  const lines = readLines(absolute, { onProgress: (progress) => (bytesRead = progress.bytesRead) });
  for await (const { lineNumber, text } of lines) {
    if (lineNumber <= resumedAfter) continue;
    lastLine = lineNumber;
    if (text === null) {
      skipped.push({ lineNumber, reason: 'line too long', excerpt: '' });
      continue;
    }
    if (text.trim() === '') continue;
    const conversion = parseLiteratureLine(text);
    if (!conversion.ok) {
      skipped.push({ lineNumber, reason: conversion.reason, excerpt: text.slice(0, 120) });
      continue;
    }
    const work = recordToWork(conversion.record);
    batch.push({ id: work.id, document: workDocument(work) });
    if (batch.length >= (options.batchSize ?? DEFAULT_BATCH)) {
      await flush();
      options.onProgress?.(lineNumber, bytesRead);
    }
  }
  await flush();
  await writeCheckpoint(options.checkpointPath, { file: absolute, lineNumber: lastLine });
  await client.indices.refresh({ index: options.index });
  return { indexed, skipped, resumedAfter };
}

interface BulkAnswer {
  errors?: boolean;
  items?: { index?: { status?: number; error?: { reason?: string } } }[];
}

async function sendBulk(client: Client, body: object[]): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    let answer: BulkAnswer;
    try {
      answer = (await client.bulk({ body })).body as BulkAnswer;
    } catch (error) {
      const status = (error as { meta?: { statusCode?: number } }).meta?.statusCode;
      if (status === 429 && attempt < REJECTED_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
        continue;
      }
      throw error;
    }
    if (!answer.errors) return;
    const failed = (answer.items ?? []).filter((item) => (item.index?.status ?? 200) >= 300);
    const rejected = failed.every((item) => item.index?.status === 429);
    if (rejected && attempt < REJECTED_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
      continue;
    }
    const reason = failed[0]?.index?.error?.reason ?? 'unknown reason';
    throw new Error(`OpenSearch refused ${failed.length} documents: ${reason}`);
  }
}
