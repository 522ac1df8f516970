/**
 * Heading display numbers (spec 000 §2.1, 001 §3): a level-1 heading (the title) resets the
 * counters and has no number; levels 2 to 6 get dotted numbers, `## A` → `1`,
 * `### B` → `1.1`, `## C` → `2`. Numbers follow the outline, not the raw level: a heading
 * deeper than the one above it is its next sub-level whatever levels were skipped
 * (`## A` then `#### B` → `1.1`, never `1.0.1`), and the next heading no deeper than B closes
 * it. Only top-level headings count: a heading inside a list or quote is not a section of
 * the paper.
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { toHeadingLevel } from './nodes/numbered-heading';

/** The display number for each heading level in document order ('' for level 1). */
export function numberHeadings(levels: readonly number[]): string[] {
  const counters: number[] = [];
  // Levels of the headings that contain the current position, outermost first.
  const open: number[] = [];
  return levels.map((raw) => {
    const level = Math.min(raw, 6);
    if (level <= 1) {
      counters.length = 0;
      open.length = 0;
      return '';
    }
    while (open.length > 0 && (open.at(-1) ?? 0) >= level) open.pop();
    const depth = open.length;
    counters.length = depth + 1;
    counters[depth] = (counters[depth] ?? 0) + 1;
    open.push(level);
    return counters.join('.');
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
