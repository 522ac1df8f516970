import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { emptyWork, type Work } from '../../src/shared/citations/work';
import { DATASETS_DIR } from '../search/bench-args';

/**
 * SciFact beside the repository, or where SCRIPTOR_DATASETS points; SCIFACT_CLAIMS names another
 * claims file in it (e.g. held-out claims_dev.jsonl), claims_train.jsonl by default.
 */
export const SCIFACT = path.join(process.env.SCRIPTOR_DATASETS ?? DATASETS_DIR, 'scifact');

export type Label = 'SUPPORT' | 'CONTRADICT' | 'NEI';

export interface Claim {
  id: number;
  claim: string;
  cited: string[];
  /** The label of each cited document: NEI when the annotators found no evidence in it. */
  labels: Map<string, Label>;
}

async function jsonLines<T>(file: string): Promise<T[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

export async function readCorpus(): Promise<Map<string, Work>> {
  const rows = await jsonLines<{ _id: string; title: string; text: string }>(
    path.join(SCIFACT, 'corpus.jsonl'),
  );
  return new Map(
    rows.map((row) => [
      row._id,
      {
        ...emptyWork({
          refId: `ref_${row._id.padStart(8, '0').slice(-8)}`,
          id: row._id,
          title: row.title,
        }),
        abstract: row.text,
      },
    ]),
  );
}

/**
 * SciFact's releases spell a contradicting rationale CONTRADICT or REFUTE (later copies
 * renamed it); both are read as CONTRADICT, and a cited document without one is NEI.
 */
export function labelOf(label: string | undefined): Label {
  if (label === 'SUPPORT') return 'SUPPORT';
  if (label === 'CONTRADICT' || label === 'REFUTE') return 'CONTRADICT';
  return 'NEI';
}

export async function readClaims(): Promise<Claim[]> {
  const rows = await jsonLines<{
    id: number;
    claim: string;
    evidence: Record<string, { label: string }[]>;
    cited_doc_ids: number[];
  }>(path.join(SCIFACT, process.env.SCIFACT_CLAIMS ?? 'claims_train.jsonl'));
  return rows.map((row) => {
    const cited = row.cited_doc_ids.map(String);
    const labels = new Map<string, Label>();
    for (const doc of cited) labels.set(doc, labelOf(row.evidence[doc]?.[0]?.label));
    return { id: row.id, claim: row.claim, cited, labels };
  });
}
