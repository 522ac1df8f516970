/** ROC AUC by the rank-sum (Mann–Whitney) formula, ties sharing their average rank. */
export function rocAuc(positives: readonly number[], negatives: readonly number[]): number {
  const all = [
    ...positives.map((score) => ({ score, positive: true })),
    ...negatives.map((score) => ({ score, positive: false })),
  ].sort((a, b) => a.score - b.score);
  let rankSum = 0;
  let i = 0;
  while (i < all.length) {
    let j = i;
    while (j < all.length && all[j]!.score === all[i]!.score) j++;
    const averageRank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (all[k]!.positive) rankSum += averageRank;
    i = j;
  }
  const p = positives.length;
  const n = negatives.length;
  return (rankSum - (p * (p + 1)) / 2) / (p * n);
}
