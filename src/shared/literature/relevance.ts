/**
 * Results scoring below this fraction of the best result's score are shown under a 'Less
 * relevant' line: they match few of the query's words (a 'white matter' query also finds 'dark
 * matter'). Chosen on the SciFact train claims (bench/search/less-relevant.ts): the line keeps
 * almost every judged-relevant work above it while most padding falls below.
 */
export const LESS_RELEVANT_FRACTION = 0.3;

/** How many of the results, best first, lie above the line. */
export function strongResultCount(scores: readonly number[]): number {
  const top = Math.max(0, ...scores);
  if (top <= 0) return scores.length;
  const cut = scores.findIndex((score) => score < top * LESS_RELEVANT_FRACTION);
  return cut === -1 ? scores.length : cut;
}
