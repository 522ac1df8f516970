import { readFile } from 'node:fs/promises';

/** SciFact's queries and relevance judgements in BEIR's layout. */
export interface Query {
  id: string;
  text: string;
}

export async function readQueries(path: string): Promise<Query[]> {
  const lines = (await readFile(path, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  return lines.map((line) => {
    const value = JSON.parse(line) as { _id: string; text: string };
    return { id: String(value._id), text: value.text };
  });
}

export async function readQrels(path: string): Promise<Map<string, Set<string>>> {
  const qrels = new Map<string, Set<string>>();
  const rows = (await readFile(path, 'utf8')).split('\n').slice(1);
  for (const row of rows) {
    const [queryId, docId, score] = row.trim().split('\t');
    if (queryId === undefined || docId === undefined || Number(score) <= 0) continue;
    const relevant = qrels.get(queryId) ?? new Set<string>();
    relevant.add(docId);
    qrels.set(queryId, relevant);
  }
  return qrels;
}
