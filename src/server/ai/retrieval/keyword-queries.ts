import { keyTerms } from '../text/key-terms';
import { proseBlocks } from '../text/prose-blocks';
import { withoutCitations } from '../check/claims';
import type { SectionContext } from './section-context';

/** Heading words that say where a section is, not what it is about. */
const GENERIC = new Set(
  keyTerms(
    'introduction background method methods methodology results discussion conclusion conclusions abstract related work overview summary section chapter appendix future limitations',
  ),
);

interface Weighted {
  word: string;
  weight: number;
}

/** Content words by weight; each stem is shown as its most frequent surface word. */
function rankWords(text: string, boost = 1): Map<string, Weighted> {
  const ranked = new Map<string, Weighted>();
  for (const word of text.split(/[^\p{L}\p{N}-]+/u)) {
    const term = keyTerms(word)[0];
    if (!term || GENERIC.has(term) || word.length < 3) continue;
    const entry = ranked.get(term) ?? { word: word.toLowerCase(), weight: 0 };
    entry.weight += boost * Math.min(1.5, 0.5 + term.length / 8);
    ranked.set(term, entry);
  }
  return ranked;
}

function merge(...maps: Map<string, Weighted>[]): Map<string, Weighted> {
  const merged = new Map<string, Weighted>();
  for (const map of maps) {
    for (const [term, entry] of map) {
      const existing = merged.get(term);
      if (existing) existing.weight += entry.weight;
      else merged.set(term, { ...entry });
    }
  }
  return merged;
}

function top(ranked: Map<string, Weighted>, count: number): string {
  return [...ranked.values()]
    .sort((a, b) => b.weight - a.weight)
    .slice(0, count)
    .map((entry) => entry.word)
    .join(' ');
}

/**
 * Literature queries without a model: the section's most weighted words (headings counting
 * double), the paper's topic with the heading path, and the main words of its two longest
 * paragraphs; 2 to 4 distinct queries.
 */
export function keywordQueries(context: SectionContext): string[] {
  const body = withoutCitations(context.sectionText);
  const headings = rankWords(context.headingPath.join(' '), 2);
  const topic = rankWords(`${context.paper.title} ${context.paper.field}`, 1.5);
  const queries = [top(merge(rankWords(body), headings), 6), top(merge(topic, headings), 6)];
  const paragraphs = proseBlocks(body)
    .map((block) => block.text)
    .sort((a, b) => b.length - a.length)
    .slice(0, 2);
  for (const paragraph of paragraphs) queries.push(top(rankWords(paragraph), 5));
  if (!body.trim()) queries.push(top(rankWords(context.paper.description), 6));
  const distinct = [...new Set(queries.map((query) => query.trim()).filter(Boolean))];
  if (distinct.length === 1) distinct.push(top(rankWords(context.paper.description), 6));
  return [...new Set(distinct.filter(Boolean))].slice(0, 4);
}
