/**
 * Heading display numbers (spec 000 §2.1, 001 §3): a level-1 heading (the title) resets the
 * counters and has no number; levels 2 to 6 get dotted numbers, `## A` → `1`,
 * `### B` → `1.1`, `## C` → `2`. A level deeper than its parent's next level counts from 0
 * for the levels skipped (`## A` then `#### B` → `1.0.1`). Only top-level headings count:
 * a heading inside a list or quote is not a section of the paper.
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { toHeadingLevel } from './nodes/numbered-heading';

/** The display number for each heading level in document order ('' for level 1). */
export function numberHeadings(levels: readonly number[]): string[] {
  const counters = [0, 0, 0, 0, 0];
  return levels.map((level) => {
    if (level <= 1) {
      counters.fill(0);
      return '';
    }
    const depth = Math.min(level, 6) - 2;
    counters[depth] = (counters[depth] ?? 0) + 1;
    counters.fill(0, depth + 1);
    return counters.slice(0, depth + 1).join('.');
  });
}

export interface HeadingNumber {
  /** Position of the heading node in the document, for editor decorations. */
  pos: number;
  level: number;
  /** '' for level-1 headings. */
  number: string;
}

/** Numbers the document's top-level headings; pure, so the editor can recompute on change. */
export function headingNumbers(doc: ProseMirrorNode): HeadingNumber[] {
  const headings: { pos: number; level: number }[] = [];
  doc.forEach((node, offset) => {
    if (node.type.name === 'numberedHeading') {
      headings.push({ pos: offset, level: toHeadingLevel(node.attrs.level) });
    }
  });
  const numbers = numberHeadings(headings.map((heading) => heading.level));
  return headings.map((heading, index) => ({ ...heading, number: numbers[index] ?? '' }));
}
