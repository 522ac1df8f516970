/**
 * Standard binary-relevance retrieval metrics, as computed by trec_eval / pytrec_eval (which
 * BEIR uses): gain 1 for a relevant document, discount log2(rank + 1), ideal ranking first.
 */

export function ndcgAt(
  ranked: readonly string[],
  relevant: ReadonlySet<string>,
  k: number,
): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((docId, i) => {
    if (relevant.has(docId)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(relevant.size, k); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

export function recallAt(
  ranked: readonly string[],
  relevant: ReadonlySet<string>,
  k: number,
): number {
  if (relevant.size === 0) return 0;
  const found = ranked.slice(0, k).filter((docId) => relevant.has(docId)).length;
  return found / relevant.size;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
