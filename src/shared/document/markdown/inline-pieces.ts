/**
 * Step 2 of writing inline content: turns items into pieces of output, deciding where each
 * mark's markdown opens and closes. Marks that last longer open first (outermost), so
 * markdown's strict nesting splits as few marks as possible. A mark that overlaps another
 * is closed and reopened; links and comments survive that (adjacent equal ranges merge when
 * read back), emphasis is checked afterwards (delimiter-runs.ts).
 */
import type { Mark } from '@tiptap/pm/model';
import { looksLikeCitation } from '../rules/comment';
import { type InlineSpecs, type Item, markSyntax } from './inline-items';

export type Piece =
  /** Text still to be escaped. `inLabel`: inside `[...]`, where brackets must be escaped. */
  | { kind: 'text'; text: string; inLabel: boolean; guardCitation: boolean }
  /** Markdown written as is: an atom, a code span, a hard break, a label's opening `[`. */
  | { kind: 'raw'; text: string; item: Item | null }
  /** Emphasis delimiter; `span` indexes the span it opens or closes. */
  | { kind: 'delimiter'; text: string; role: 'open' | 'close'; span: number }
  /** The `](…)` / `][[…]]` after a label: the label's content ends before it. */
  | { kind: 'labelTail'; text: string };

export interface Span {
  mark: Mark;
  /** Item range [from, to). */
  from: number;
  to: number;
}

export interface Pieces {
  pieces: Piece[];
  spans: Span[];
}

interface Open {
  mark: Mark;
  span: number;
}

/** How many items from `index` on carry `mark`. */
function extent(items: readonly Item[], index: number, mark: Mark): number {
  let end = index;
  while (end < items.length && (items[end] as Item).marks.some((other) => other.eq(mark))) end++;
  return end - index;
}

function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // markdown-it strips one space from each side of content that has spaces at both ends and
  // something else too, and a backtick at an edge would merge with the fence; both get a
  // padding space that is stripped again when read.
  const spaced = text.startsWith(' ') && text.endsWith(' ') && /[^ ]/.test(text);
  const padded = text.startsWith('`') || text.endsWith('`') || spaced;
  return padded ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

export function inlinePieces(items: readonly Item[], specs: InlineSpecs): Pieces {
  const pieces: Piece[] = [];
  const spans: Span[] = [];
  const stack: Open[] = [];
  const syntax = (mark: Mark) => markSyntax(specs, mark);
  const isLabel = (mark: Mark) => syntax(mark)?.kind === 'label';
  const holdsLabels = (mark: Mark) => {
    const markSyntaxOf = syntax(mark);
    return markSyntaxOf?.kind !== 'label' || markSyntaxOf.holdsLabels;
  };
  const labelDepth = () => stack.filter((open) => isLabel(open.mark)).length;

  const close = (index: number): void => {
    const open = stack.pop() as Open;
    const markSyntaxOf = syntax(open.mark);
    (spans[open.span] as Span).to = index;
    if (markSyntaxOf?.kind === 'delimiter') {
      pieces.push({
        kind: 'delimiter',
        text: markSyntaxOf.delimiter,
        role: 'close',
        span: open.span,
      });
    } else if (markSyntaxOf?.kind === 'label') {
      pieces.push({ kind: 'labelTail', text: markSyntaxOf.tail(open.mark) });
    }
  };

  items.forEach((item, index) => {
    const active = item.marks.filter((mark) => syntax(mark)?.kind !== 'code');
    let keep = 0;
    while (keep < stack.length && active.some((mark) => mark.eq((stack[keep] as Open).mark)))
      keep++;
    const isOpen = (mark: Mark) => stack.slice(0, keep).some((open) => open.mark.eq(mark));
    if (active.some((mark) => !isOpen(mark) && isLabel(mark))) {
      const blocker = stack.findIndex(
        (open, depth) => depth < keep && isLabel(open.mark) && !holdsLabels(open.mark),
      );
      if (blocker >= 0) keep = blocker;
    }
    while (stack.length > keep) close(index);

    const opening = active
      .filter((mark) => !stack.some((open) => open.mark.eq(mark)))
      .map((mark) => ({ mark, length: extent(items, index, mark) }))
      .sort((a, b) => {
        if (isLabel(a.mark) && isLabel(b.mark) && holdsLabels(a.mark) !== holdsLabels(b.mark)) {
          return holdsLabels(a.mark) ? -1 : 1;
        }
        return b.length - a.length || (isLabel(a.mark) ? 1 : 0) - (isLabel(b.mark) ? 1 : 0);
      });

    let written = false;
    opening.forEach(({ mark, length }, position) => {
      const markSyntaxOf = syntax(mark);
      const innermost = position === opening.length - 1;
      if (markSyntaxOf?.kind === 'label') {
        const isCode = item.marks.some((other) => syntax(other)?.kind === 'code');
        const short =
          innermost && length === 1 && item.text !== null && !isCode
            ? (markSyntaxOf.shortForm?.(mark, item.text) ?? null)
            : null;
        if (short !== null) {
          pieces.push({ kind: 'raw', text: short, item: null });
          written = true;
          return;
        }
        pieces.push({ kind: 'raw', text: '[', item: null });
      } else if (markSyntaxOf?.kind === 'delimiter') {
        pieces.push({
          kind: 'delimiter',
          text: markSyntaxOf.delimiter,
          role: 'open',
          span: spans.length,
        });
      }
      stack.push({ mark, span: spans.length });
      spans.push({ mark, from: index, to: items.length });
    });
    if (written) return;

    if (item.text === null) {
      pieces.push({ kind: 'raw', text: item.markdown ?? '', item });
    } else if (item.marks.some((mark) => syntax(mark)?.kind === 'code')) {
      pieces.push({ kind: 'raw', text: codeSpan(item.text), item: null });
    } else {
      // `[ref_x](url)` must not read as a citation: the only text of a label is guarded.
      const labelOpenedHere = opening.some(({ mark }) => isLabel(mark));
      const soleLabelText =
        labelOpenedHere && opening.every(({ mark, length }) => !isLabel(mark) || length === 1);
      pieces.push({
        kind: 'text',
        text: item.text,
        inLabel: labelDepth() > 0,
        guardCitation: soleLabelText && looksLikeCitation(item.text),
      });
    }
  });
  while (stack.length > 0) close(items.length);
  return { pieces, spans };
}
