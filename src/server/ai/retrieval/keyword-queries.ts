import { keyTerms } from '../text/key-terms';
import { plainQuery, sectionParagraphs } from './section-claims';
import type { SectionContext } from './section-context';

/** At most this many searches per section; each brings 15 candidates. */
export const MAX_QUERIES = 10;

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
 * Queries from what the section itself says, planned per claim: each claim sentence searched as
 * written (the index ranks a whole sentence well, rare words weighing most) while there are
 * few; for a longer section, each paragraph's main words. Empty for an empty section.
 */
export function claimQueries(context: SectionContext): string[] {
  const paragraphs = sectionParagraphs(context.sectionText);
  const claims = paragraphs.flatMap((paragraph) => paragraph.claims);
  const queries =
    claims.length <= MAX_QUERIES
      ? claims.map(plainQuery)
      : paragraphs.map((paragraph) => top(rankWords(paragraph.text), 8));
  return [...new Set(queries.filter(Boolean))].slice(0, MAX_QUERIES);
}

/**
 * Queries for a section with nothing written yet: the paper's topic with the heading path, and
 * its description's main words.
 */
export function topicQueries(context: SectionContext): string[] {
  const headings = rankWords(context.headingPath.join(' '), 2);
  const topic = rankWords(`${context.paper.title} ${context.paper.field}`, 1.5);
  const queries = [
    top(merge(topic, headings), 6),
    top(rankWords(context.paper.description), 6),
    top(rankWords(context.paper.methodology), 6),
  ];
  return [...new Set(queries.map((query) => query.trim()).filter(Boolean))];
}

/** Literature queries without a model: per claim of the section, or its topic when empty. */
export function keywordQueries(context: SectionContext): string[] {
  const claims = claimQueries(context);
  return claims.length > 0 ? claims : topicQueries(context);
}
