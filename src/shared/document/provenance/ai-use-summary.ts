/**
 * What the 'AI use' panel and the disclosure statement read (issue 37): the words of the paper
 * and of each section by where they came from, and the AI's contributions. A word is counted
 * once: the AI's if every character of it is the AI's as written, edited if a person changed
 * part of an AI word or typed inside AI text, otherwise whose most of its characters are.
 * Words that carry no provenance were written before Scriptor kept it, or by an API client.
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { provenanceOf, type ProvenanceAttrs } from './provenance';

export type WordOrigin = 'ai' | 'aiEdited' | 'typed' | 'pasted' | 'unknown';

export interface WordCounts {
  total: number;
  ai: number;
  aiEdited: number;
  pasted: number;
  unknown: number;
  /** Typed, per person (id → name and words). */
  typed: Record<string, { name: string; words: number }>;
}

export interface SectionUse {
  /** The heading's text; '' for the text before the first heading. */
  title: string;
  words: WordCounts;
}

export interface AiContribution {
  feature: string;
  model: string;
  /** When it was written (ISO 8601), '' when not recorded. */
  at: string;
  /** Words still holding some of its characters, as written or edited. */
  words: number;
}

export interface AiUseSummary {
  words: WordCounts;
  sections: SectionUse[];
  contributions: AiContribution[];
}

function emptyCounts(): WordCounts {
  return { total: 0, ai: 0, aiEdited: 0, pasted: 0, unknown: 0, typed: {} };
}

type CharOrigin = ProvenanceAttrs | null;

function wordOrigin(chars: readonly CharOrigin[]): { origin: WordOrigin; by: CharOrigin } {
  const ai = chars.filter((char) => char?.source === 'ai');
  const edited = chars.find((char) => char?.source === 'ai-edited');
  if (ai.length === chars.length) return { origin: 'ai', by: ai[0] ?? null };
  if (edited) return { origin: 'aiEdited', by: edited };
  if (ai.length > 0)
    return { origin: 'aiEdited', by: chars.find((c) => c?.source !== 'ai') ?? null };
  const tally = new Map<string, { count: number; char: CharOrigin }>();
  for (const char of chars) {
    const key = char ? `${char.source}:${char.userId ?? ''}` : 'unknown';
    const entry = tally.get(key) ?? { count: 0, char };
    entry.count++;
    tally.set(key, entry);
  }
  const [best] = [...tally.values()].sort((a, b) => b.count - a.count);
  const char = best?.char ?? null;
  if (!char) return { origin: 'unknown', by: null };
  return { origin: char.source === 'pasted' ? 'pasted' : 'typed', by: char };
}

function add(counts: WordCounts, origin: WordOrigin, by: CharOrigin): void {
  counts.total++;
  if (origin === 'typed') {
    const id = by?.userId ?? '';
    const entry = counts.typed[id] ?? { name: by?.userName ?? 'Unknown person', words: 0 };
    entry.words++;
    counts.typed[id] = entry;
  } else counts[origin]++;
}

/** The words of one textblock, each with the provenance of its characters. */
function wordsOf(block: ProseMirrorNode): CharOrigin[][] {
  const words: CharOrigin[][] = [];
  let word: CharOrigin[] = [];
  const end = () => {
    if (word.length > 0) words.push(word);
    word = [];
  };
  block.forEach((child) => {
    if (!child.isText) return end();
    const origin = provenanceOf(child.marks);
    for (const char of child.text ?? '') {
      if (/\s/u.test(char)) end();
      // Punctuation alone is no word, but belongs to the word it touches.
      else word.push(origin);
    }
  });
  end();
  return words.filter((chars) => chars.length > 0);
}

export function summarizeAiUse(doc: ProseMirrorNode): AiUseSummary {
  const paper = emptyCounts();
  const sections: SectionUse[] = [];
  let section: SectionUse | null = null;
  const contributions = new Map<string, AiContribution>();
  doc.forEach((block) => {
    if (block.type.name === 'numberedHeading' || !section) {
      section = {
        title: block.type.name === 'numberedHeading' ? block.textContent : '',
        words: emptyCounts(),
      };
      sections.push(section);
    }
    const current: SectionUse = section;
    const blocks = block.isTextblock ? [block] : [];
    if (!block.isTextblock) {
      block.descendants((node) => {
        if (!node.isTextblock) return true;
        blocks.push(node);
        return false;
      });
    }
    for (const textblock of blocks) {
      for (const chars of wordsOf(textblock)) {
        const { origin, by } = wordOrigin(chars);
        add(paper, origin, by);
        add(current.words, origin, by);
        // A contribution counts the words that still hold some of its characters.
        const attrs = chars.find((char) => char?.source === 'ai');
        if (attrs?.feature && attrs.model) {
          const key = `${attrs.feature}\n${attrs.model}\n${attrs.at ?? ''}`;
          const entry = contributions.get(key) ?? {
            feature: attrs.feature,
            model: attrs.model,
            at: attrs.at ?? '',
            words: 0,
          };
          entry.words++;
          contributions.set(key, entry);
        }
      }
    }
  });
  return {
    words: paper,
    sections: sections.filter((entry) => entry.words.total > 0 || entry.title !== ''),
    contributions: [...contributions.values()].sort((a, b) => a.at.localeCompare(b.at)),
  };
}

/** A share of the total as a whole percentage ('0%' of nothing). */
export function percent(part: number, total: number): string {
  return `${total === 0 ? 0 : Math.round((part / total) * 100)}%`;
}
