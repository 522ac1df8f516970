import { tokenCount, truncateToTokens } from '../prompt/token-count';

export interface WrittenSection {
  sectionNumber: string;
  sectionTitle: string;
  content: string;
}

/** Each earlier section keeps at least this much, so none is reduced to its title. */
const MIN_SHARE = 120;

/**
 * What the sections written so far said, within `budget` tokens: each gets an equal share and
 * keeps its beginning up to it. When there are too many for every one to keep
 * MIN_SHARE tokens, the most recent ones are kept: they are the ones the next section continues.
 */
export function writtenSectionsDigest(written: readonly WrittenSection[], budget: number): string {
  const withText = written.filter((section) => section.content.trim());
  const kept = withText.slice(-Math.max(1, Math.floor(budget / MIN_SHARE)));
  if (kept.length === 0) return '';
  const share = Math.floor(budget / kept.length);
  // Each share pays for its heading line and the blank line after it too, so the digest as a
  // whole stays within `budget`.
  return kept
    .map((section) => {
      const heading = `### ${section.sectionNumber} ${section.sectionTitle}`;
      const room = Math.max(0, share - tokenCount(heading) - 2);
      return `${heading}\n${truncateToTokens(section.content.trim(), room)}`;
    })
    .join('\n\n');
}
