/**
 * OpenAlex ships abstracts as an inverted index (word → positions) for licensing reasons.
 * Rebuilding the text is putting each word back at its positions.
 */

// Real abstracts stay far below this; it bounds the array a malicious record could demand.
const MAX_POSITIONS = 100_000;

export function decodeInvertedAbstract(index: unknown): string | null {
  if (index === null || typeof index !== 'object' || Array.isArray(index)) return null;
  const words: string[] = [];
  for (const [word, positions] of Object.entries(index)) {
    if (!Array.isArray(positions)) continue;
    for (const position of positions) {
      if (Number.isInteger(position) && position >= 0 && position < MAX_POSITIONS) {
        words[position] = word;
      }
    }
  }
  const text = words
    .filter((word) => word !== undefined)
    .join(' ')
    .trim();
  return text === '' ? null : text;
}
