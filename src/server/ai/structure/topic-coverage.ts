import type { Work } from '../../../shared/citations/work';
import { isGenericTerm } from '../text/generic-terms';
import { keyTerms } from '../text/key-terms';
import { plainAbstract } from '../text/plain-abstract';

/** Each term's idf over the library (LocalSearchIndex.termRarity). */
export type TermRarity = (terms: readonly string[]) => Map<string, number>;

/** What the paper is about, as the wizard states it. */
export interface Topic {
  title: string;
  description: string;
}

/** The topic's informative terms, each with its weight. */
export type TopicTerms = ReadonlyMap<string, number>;

/**
 * The share of the topic a work must cover to be offered to a section by the lexical choice.
 * On the labelled set of bench/structure (template-relevance.ts) it drops the works that share
 * one or two common words with the topic, or only the methodology's words, and keeps the works
 * whose title names the topic.
 */
export const MIN_TOPIC_COVERAGE = 0.5;

/** A description term counts half a title term: the title names the topic, the description explains it. */
const DESCRIPTION_WEIGHT = 0.5;

/**
 * The topic's informative terms: the key terms of its title and description that are not
 * generic ('study', 'effect', 'review'), each weighted by its rarity in the library, so that
 * sharing 'quantum' with a physics library says little and sharing 'decoherence' says much.
 */
export function topicTerms(topic: Topic, rarity: TermRarity): TopicTerms {
  const informative = (text: string) => keyTerms(text).filter((term) => !isGenericTerm(term));
  const title = new Set(informative(topic.title));
  const description = new Set(informative(topic.description).filter((term) => !title.has(term)));
  const idf = rarity([...title, ...description]);
  const weights = new Map<string, number>();
  for (const term of title) weights.set(term, idf.get(term) ?? 0);
  for (const term of description) weights.set(term, DESCRIPTION_WEIGHT * (idf.get(term) ?? 0));
  return weights;
}

/**
 * The share (0..1) of the topic's weight that a work's title and abstract cover. A work that
 * shares one common word with the topic covers little of it; one on the topic covers most.
 */
export function topicCoverage(topic: TopicTerms, work: Pick<Work, 'title' | 'abstract'>): number {
  let total = 0;
  for (const weight of topic.values()) total += weight;
  if (total === 0) return 1;
  const present = new Set(keyTerms(`${work.title} ${plainAbstract(work.abstract)}`));
  let covered = 0;
  for (const [term, weight] of topic) if (present.has(term)) covered += weight;
  return covered / total;
}

export function isOnTopic(topic: TopicTerms, work: Pick<Work, 'title' | 'abstract'>): boolean {
  return topicCoverage(topic, work) >= MIN_TOPIC_COVERAGE;
}
