import { describe, expect, it } from 'vitest';
import { emptyWork } from '../../../shared/citations/work';
import type { ScoredWork } from '../../literature/providers/literature-provider';
import { attachWorks } from './attach-works';
import { normalizeLevels } from './propose-structure';
import { topicTerms, type TopicTerms } from './topic-coverage';

function work(refId: string, title: string, abstract: string): ScoredWork {
  return { ...emptyWork({ refId, id: refId, title }), abstract, similarity_score: 1 };
}

const RETRIEVED = [
  work('ref_sleep001', 'Sleep and memory consolidation', 'Sleep consolidates declarative memory.'),
  work('ref_sleep002', 'Sleep deprivation and memory', 'Losing sleep impairs memory recall.'),
  work('ref_apnea003', 'Snoring and sleep apnea', 'Snoring sounds indicate obstructive apnea.'),
  work('ref_citat004', 'Open access citations', 'Free articles are cited more often.'),
];

/** A topic with no informative term: every retrieved work covers it. */
const ANY_TOPIC: TopicTerms = new Map();

describe('attachWorks', () => {
  it('keeps the retrieved works the model named and drops invented ids', () => {
    const { sections, invented } = attachWorks(
      [
        {
          level: 2,
          title: 'Background',
          purpose: 'Prior work.',
          refIds: ['ref_citat004', 'ref_invented', 'ref_apnea003', 'ref_citat004'],
        },
      ],
      RETRIEVED,
      ANY_TOPIC,
    );
    expect(invented).toBe(1);
    expect(sections[0]?.works.map((w) => w.refId)).toEqual(['ref_citat004', 'ref_apnea003']);
  });

  it('fills a section the model left short with the works that share its words', () => {
    const { sections } = attachWorks(
      [{ level: 2, title: 'Memory after sleep', purpose: 'How sleep shapes memory.', refIds: [] }],
      RETRIEVED,
      ANY_TOPIC,
    );
    const ids = sections[0]?.works.map((w) => w.refId) ?? [];
    expect(ids.slice(0, 2).sort()).toEqual(['ref_sleep001', 'ref_sleep002']);
    expect(ids).not.toContain('ref_citat004');
    expect(ids.length).toBeLessThanOrEqual(3);
  });

  it('attaches nothing that shares no word with the section', () => {
    const { sections } = attachWorks(
      [{ level: 2, title: 'Quantum chromodynamics', purpose: 'Gluons.', refIds: [] }],
      RETRIEVED,
      ANY_TOPIC,
    );
    expect(sections[0]?.works).toEqual([]);
  });

  it('fills a section only with works that cover the paper’s topic, not one shared word', () => {
    // 'quantum' is common in the library, 'error' and 'correct' are rare.
    const rarity = (terms: readonly string[]) =>
      new Map(terms.map((term) => [term, term === 'quantum' ? 1 : 4]));
    const topic = topicTerms(
      {
        title: 'Quantum error correction',
        description: 'Codes that protect quantum information against decoherence',
      },
      rarity,
    );
    const retrieved = [
      work('ref_teach001', 'Quantum mechanics teaching', 'Students correct their mistakes.'),
      work(
        'ref_codes002',
        'Surface codes',
        'Quantum error correction protects logical qubits against decoherence.',
      ),
    ];
    const { sections } = attachWorks(
      [
        {
          level: 2,
          title: 'Introduction',
          purpose: 'Introduce quantum error correction and why students study it.',
          refIds: [],
        },
      ],
      retrieved,
      topic,
    );
    expect(sections[0]?.works.map((w) => w.refId)).toEqual(['ref_codes002']);
    const nothing = attachWorks(
      [{ level: 2, title: 'Methods', purpose: 'Quantum mechanics teaching.', refIds: [] }],
      retrieved.slice(0, 1),
      topic,
    );
    expect(nothing.sections[0]?.works).toEqual([]);
  });

  it('keeps at most five works', () => {
    const many = Array.from({ length: 8 }, (_, i) => work(`ref_many000${i}`, `Work ${i}`, 'x'));
    const { sections } = attachWorks(
      [{ level: 2, title: 'A', purpose: 'B', refIds: many.map((w) => w.refId) }],
      many,
      ANY_TOPIC,
    );
    expect(sections[0]?.works).toHaveLength(5);
  });
});

describe('normalizeLevels', () => {
  it('starts at ## and never skips a level on the way down', () => {
    const levels = normalizeLevels([{ level: 3 }, { level: 5 }, { level: 2 }, { level: 4 }]);
    expect(levels.map((section) => section.level)).toEqual([2, 3, 2, 3]);
  });
});
