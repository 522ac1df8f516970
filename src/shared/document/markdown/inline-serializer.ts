/**
 * Writes a textblock's inline content as markdown: items (inline-items.ts) → pieces
 * (inline-pieces.ts) → one string with text escaped (escape-text.ts). Emphasis that
 * CommonMark could pair differently than intended is verified by reading the output back;
 * if it still reads differently, the emphasis in question is dropped (text is never lost,
 * formatting only in cases markdown cannot express, such as `x**(y)**`).
 */
import type { Fragment, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { ambiguousSpans } from './delimiter-runs';
import { type InlineSpecs, type Item, inlineItems, markSyntax, mergeTexts } from './inline-items';
import { type Span, inlinePieces } from './inline-pieces';
import { fragmentShape, inlineSignature } from './inline-signature';
import type { InlineOptions } from './types';
import { writePieces } from './write-pieces';

function withoutMarks(
  items: readonly Item[],
  spans: readonly Span[],
  dropped: ReadonlySet<number>,
): Item[] {
  const next = items.map((item) => ({ ...item, marks: [...item.marks] }));
  for (const spanIndex of dropped) {
    const span = spans[spanIndex] as Span;
    for (let index = span.from; index < span.to; index++) {
      const item = next[index] as Item;
      item.marks = item.marks.filter((mark) => !mark.eq(span.mark));
    }
  }
  return mergeTexts(next);
}

function withoutEmphasis(items: readonly Item[], specs: InlineSpecs): Item[] {
  return mergeTexts(
    items.map((item) => ({
      ...item,
      marks: item.marks.filter((mark) => markSyntax(specs, mark)?.kind !== 'delimiter'),
    })),
  );
}

/** Tries the marks as they are, then without ambiguous emphasis, then without any. */
const ATTEMPTS = 3;

export type InlineSerializer = (node: ProseMirrorNode, options: InlineOptions) => string;

export function createInlineSerializer(
  specs: InlineSpecs,
  readBack: (markdown: string) => Fragment,
): InlineSerializer {
  return (node, options) => {
    let items = inlineItems(node, specs, options);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const { pieces, spans } = inlinePieces(items, specs);
      const written = writePieces(pieces, options);
      const ambiguous = ambiguousSpans(written.markdown, written.delimiters);
      if (ambiguous.size === 0) return written.markdown;
      if (inlineSignature(fragmentShape(readBack(written.markdown))) === inlineSignature(items)) {
        return written.markdown;
      }
      items = withoutMarks(items, spans, ambiguous);
    }
    return writePieces(inlinePieces(withoutEmphasis(items, specs), specs).pieces, options).markdown;
  };
}
