import type { ScoredWork } from '../../literature/providers/literature-provider';
import { lexicalScore } from '../check/lexical-scorer';
import { plainAbstract } from '../text/plain-abstract';
import type { ProposedSection } from './structure';
import { isOnTopic, type TopicTerms } from './topic-coverage';
import type { SectionWork, StructureSection } from '../../../shared/papers/paper-structure';

export const MIN_WORKS = 2;
export const MAX_WORKS = 5;
/** How many works the lexical choice gives a section that the model left short. */
const LEXICAL_FILL = 3;

function sectionWork(work: ScoredWork): SectionWork {
  return {
    refId: work.refId,
    title: work.title,
    authors: work.authors,
    year: work.published_year ?? null,
  };
}

/**
 * The retrieved works on the paper's topic, ranked by how much of the section's title and
 * purpose they share.
 */
function rankForSection(
  section: ProposedSection,
  works: readonly ScoredWork[],
  topic: TopicTerms,
): ScoredWork[] {
  const text = `${section.title}. ${section.purpose}`;
  return works
    .filter((work) => isOnTopic(topic, work))
    .map((work, rank) => ({
      work,
      rank,
      score: lexicalScore(text, work.title, plainAbstract(work.abstract)).overlap,
    }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.rank - b.rank)
    .map((entry) => entry.work);
}

/**
 * Resolves each section's works to retrieved ones: ids the model named that are not among
 * the retrieved works are dropped (a model may invent ids), and a section left with fewer
 * than two is filled up to three with the retrieved works on the paper's `topic`
 * (topic-coverage.ts) that share most words with its title and purpose (none that share no
 * word). The template path starts from no ids and gets the lexical choice only, so a section
 * gets no works rather than works that merely share a word with it.
 */
export function attachWorks(
  proposed: readonly ProposedSection[],
  retrieved: readonly ScoredWork[],
  topic: TopicTerms,
): { sections: StructureSection[]; invented: number } {
  const byId = new Map(retrieved.map((work) => [work.refId, work]));
  let invented = 0;
  const sections = proposed.map((section) => {
    const chosen: ScoredWork[] = [];
    for (const refId of section.refIds) {
      const work = byId.get(refId);
      if (!work) invented += 1;
      else if (!chosen.includes(work) && chosen.length < MAX_WORKS) chosen.push(work);
    }
    if (chosen.length < MIN_WORKS) {
      for (const work of rankForSection(section, retrieved, topic)) {
        if (chosen.length >= LEXICAL_FILL) break;
        if (!chosen.includes(work)) chosen.push(work);
      }
    }
    return {
      level: section.level,
      title: section.title,
      purpose: section.purpose,
      works: chosen.map(sectionWork),
    };
  });
  return { sections, invented };
}
