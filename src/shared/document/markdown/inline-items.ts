/**
 * Step 1 of writing inline content: the textblock's children as a flat list of items, with
 * everything markdown cannot express normalized away, so that what is written is exactly
 * what reads back:
 *
 * - line breaks inside text become spaces (canonical paragraphs are one line);
 * - marks markdown cannot write are dropped (unsafe link targets, a link around a citation,
 *   a code mark on anything but text);
 * - whitespace at the inner edge of bold/italic/strike moves outside (`** a**` cannot open);
 * - whitespace that markdown trims is removed: at the start and end of the block and after
 *   a hard break; trailing hard breaks (a lone `\` at the end reads as a backslash) go too;
 * - in one-line blocks (headings, cells) a hard break becomes a space.
 */
import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { isSpaceOrTab } from './chars';
import type { InlineNodeMarkdown, InlineOptions, MarkMarkdown } from './types';

export interface InlineSpecs {
  nodes: ReadonlyMap<string, InlineNodeMarkdown>;
  marks: ReadonlyMap<string, MarkMarkdown>;
}

export interface Item {
  /** Text to escape and write; null for atoms. */
  text: string | null;
  /** The atom's markdown (null for text). */
  markdown: string | null;
  /** The atom's spec (null for text). */
  spec: InlineNodeMarkdown | null;
  /** The atom's node type name (null for text). */
  atom: string | null;
  marks: readonly Mark[];
}

export function markSyntax(specs: InlineSpecs, mark: Mark): MarkMarkdown['syntax'] | null {
  return specs.marks.get(mark.type.name)?.syntax ?? null;
}

function isWhitespace(char: string): boolean {
  return /\s/u.test(char);
}

/** The marks markdown can write around a text (`atom` null) or an atom. */
function writableMarks(
  specs: InlineSpecs,
  marks: readonly Mark[],
  atom: InlineNodeMarkdown | null,
): Mark[] {
  return marks.filter((mark) => {
    const syntax = markSyntax(specs, mark);
    if (!syntax || atom?.excludedMarks?.includes(mark.type.name)) return false;
    // A code span holds plain text only.
    if (syntax.kind === 'code') return atom === null;
    return syntax.kind !== 'label' || (syntax.isWritable?.(mark) ?? true);
  });
}

function textOf(node: ProseMirrorNode): string {
  return (node.text ?? '').replace(/[\r\n]/g, ' ').replace(/\0/g, '\uFFFD');
}

function collect(node: ProseMirrorNode, specs: InlineSpecs, options: InlineOptions): Item[] {
  const items: Item[] = [];
  node.forEach((child) => {
    if (child.isText) {
      const marks = writableMarks(specs, child.marks, null);
      items.push({ text: textOf(child), markdown: null, spec: null, atom: null, marks });
      return;
    }
    const spec = specs.nodes.get(child.type.name);
    if (!spec) throw new Error(`No markdown for inline node "${child.type.name}"`);
    const marks = writableMarks(specs, child.marks, spec);
    if (spec.lineBreak && options.singleLine) {
      items.push({ text: ' ', markdown: null, spec: null, atom: null, marks });
      return;
    }
    let markdown = spec.toMarkdown(child);
    if (markdown === '') return;
    if (options.singleLine) markdown = markdown.replace(/\n/g, ' ');
    items.push({ text: null, markdown, spec, atom: child.type.name, marks });
  });
  return items;
}

function isDelimiterMark(specs: InlineSpecs, mark: Mark): boolean {
  return markSyntax(specs, mark)?.kind === 'delimiter';
}

function hasMark(item: Item | undefined, mark: Mark): boolean {
  return item?.marks.some((other) => other.eq(mark)) ?? false;
}

/**
 * Splits the item at `index` so that its leading/trailing whitespace loses the marks that
 * start/end there. Returns whether it split.
 */
function expelWhitespaceAt(items: Item[], index: number, specs: InlineSpecs): boolean {
  const item = items[index] as Item;
  // Inside a code span the delimiter touches a backtick, not the whitespace.
  if (item.text === null || item.marks.some((m) => markSyntax(specs, m)?.kind === 'code')) {
    return false;
  }
  const starting = item.marks.filter(
    (m) => isDelimiterMark(specs, m) && !hasMark(items[index - 1], m),
  );
  const ending = item.marks.filter(
    (m) => isDelimiterMark(specs, m) && !hasMark(items[index + 1], m),
  );
  if (starting.length === 0 && ending.length === 0) return false;
  const chars = [...item.text];
  let lead = 0;
  while (starting.length > 0 && lead < chars.length && isWhitespace(chars[lead] as string)) lead++;
  let trail = chars.length;
  while (ending.length > 0 && trail > lead && isWhitespace(chars[trail - 1] as string)) trail--;
  if (lead === 0 && trail === chars.length) return false;
  const parts: Item[] = [];
  const without = (dropped: Mark[]): Mark[] => item.marks.filter((m) => !dropped.includes(m));
  if (lead > 0) {
    parts.push({ ...item, text: chars.slice(0, lead).join(''), marks: without(starting) });
  }
  if (trail > lead) parts.push({ ...item, text: chars.slice(lead, trail).join('') });
  if (trail < chars.length) {
    const whitespaceOnly = trail === lead && lead === 0;
    parts.push({
      ...item,
      text: chars.slice(trail).join(''),
      marks: without(whitespaceOnly ? [...starting, ...ending] : ending),
    });
  }
  items.splice(index, 1, ...parts);
  return true;
}

/** Moves whitespace at the inner edges of emphasis outside it, until nothing changes. */
function expelWhitespace(items: Item[], specs: InlineSpecs): void {
  let index = 0;
  while (index < items.length) {
    // A split changes what starts and ends around it, so look at the neighbour again.
    index = expelWhitespaceAt(items, index, specs) ? Math.max(0, index - 1) : index + 1;
  }
}

function hasLabelMark(specs: InlineSpecs, item: Item): boolean {
  return item.marks.some((mark) => markSyntax(specs, mark)?.kind === 'label');
}

/** Text whose first character is written first on its line (no code span or bracket before it). */
function writesPlainStart(specs: InlineSpecs, item: Item, previous: Item | undefined): boolean {
  if (item.text === null || item.marks.some((mark) => markSyntax(specs, mark)?.kind === 'code'))
    return false;
  return !item.marks.some(
    (mark) => markSyntax(specs, mark)?.kind === 'label' && !hasMark(previous, mark),
  );
}

function trimStartAt(items: Item[], index: number, specs: InlineSpecs): void {
  while (index < items.length) {
    const item = items[index] as Item;
    if (!writesPlainStart(specs, item, items[index - 1])) return;
    let start = 0;
    const text = item.text as string;
    while (start < text.length && isSpaceOrTab(text.charCodeAt(start))) start++;
    if (start < text.length) {
      items[index] = { ...item, text: text.slice(start) };
      return;
    }
    items.splice(index, 1);
  }
}

function trimEnd(items: Item[], specs: InlineSpecs): void {
  for (;;) {
    const item = items[items.length - 1];
    if (!item) return;
    if (item.spec?.lineBreak) {
      items.pop();
      continue;
    }
    const plain =
      item.text !== null &&
      !hasLabelMark(specs, item) &&
      !item.marks.some((m) => markSyntax(specs, m)?.kind === 'code');
    if (!plain) return;
    let end = (item.text as string).length;
    while (end > 0 && isSpaceOrTab((item.text as string).charCodeAt(end - 1))) end--;
    if (end > 0) {
      items[items.length - 1] = { ...item, text: (item.text as string).slice(0, end) };
      return;
    }
    items.pop();
  }
}

function sameMarks(a: readonly Mark[], b: readonly Mark[]): boolean {
  return a.length === b.length && a.every((mark) => b.some((other) => other.eq(mark)));
}

/**
 * Joins neighbouring texts whose marks are equal. Splitting and dropping marks can leave
 * such neighbours, and two code spans side by side would read as one odd span.
 */
export function mergeTexts(items: readonly Item[]): Item[] {
  const merged: Item[] = [];
  for (const item of items) {
    const last = merged[merged.length - 1];
    if (last && last.text !== null && item.text !== null && sameMarks(last.marks, item.marks)) {
      merged[merged.length - 1] = { ...last, text: last.text + item.text };
    } else {
      merged.push(item);
    }
  }
  return merged;
}

export function inlineItems(
  node: ProseMirrorNode,
  specs: InlineSpecs,
  options: InlineOptions,
): Item[] {
  const items = collect(node, specs, options);
  expelWhitespace(items, specs);
  trimEnd(items, specs);
  trimStartAt(items, 0, specs);
  for (let index = 0; index < items.length; index++) {
    if (items[index]?.spec?.lineBreak) trimStartAt(items, index + 1, specs);
  }
  return mergeTexts(items.filter((item) => item.text !== ''));
}
