/**
 * A paper split at its headings, for section rewrites, the structure tree and AI prompts
 * (spec 000 §3, 001 §3). Each top-level heading starts a section that runs to the next
 * heading of any level. Text before the first heading is a preamble section with
 * `sectionNumber` '' and `sectionLevel` 0; level-1 headings (the title) also have number ''.
 * Only sections with a number can be rewritten (spec 000 §5).
 *
 * `joinSections(splitSections(md)) === md` for canonical markdown (see README.md): bodies
 * are kept as written, without the blank lines around them, and rejoined with one blank
 * line. Other markdown comes back with ATX headings and single blank lines between parts.
 *
 * Display numbers repeat (each level-1 heading restarts them), so a section is identified by
 * its index in `splitSections`' result; `replaceSectionBody` rewrites one section by index
 * and leaves every byte outside its body as it was.
 */
import type { Token } from 'markdown-it';
import { numberHeadings } from './heading-numbers';
import { markdownIt } from './markdown/markdown-it';
import { toHeadingLevel } from './nodes/numbered-heading';

export interface Section {
  /** Dotted display number, e.g. '1.2'; '' for the preamble and level-1 headings. */
  sectionNumber: string;
  /** The heading's text as markdown; '' for the preamble. */
  sectionTitle: string;
  /** 1-6; 0 for the preamble. */
  sectionLevel: number;
  /** The section's body up to the next heading, without surrounding blank lines. */
  contentMarkdown: string;
  /** Reference ids cited in the body, unique, in order of first citation. */
  references: string[];
}

interface Heading {
  level: number;
  title: string;
  /** Lines [start, end) the heading occupies. */
  lines: [number, number];
}

const BLANK = /^[ \t]*$/;

function bodyOf(lines: readonly string[], start: number, end: number): string {
  let first = start;
  let last = end;
  while (first < last && BLANK.test(lines[first] as string)) first++;
  while (last > first && BLANK.test(lines[last - 1] as string)) last--;
  return lines.slice(first, last).join('\n');
}

function collectCitations(tokens: readonly Token[] | null, into: Set<string>): void {
  for (const token of tokens ?? []) {
    if (token.type === 'citation') {
      for (const refId of (token.meta?.refIds as string[] | undefined) ?? []) into.add(refId);
    }
  }
}

/** One part of the source: the preamble (`heading` null) or a heading and its body. */
interface Part {
  heading: Heading | null;
  /** Lines [start, end) of the body, blank lines around it included. */
  body: [number, number];
  references: Set<string>;
}

interface Scan {
  lines: string[];
  /** The preamble first (always, even when blank), then one part per top-level heading. */
  parts: Part[];
}

function scan(markdown: string): Scan {
  const source = markdown.replace(/\r\n?/g, '\n');
  const lines = source.split('\n');
  const tokens = markdownIt.parse(source, {});

  const headings: Heading[] = [];
  // References per part: index 0 is the preamble, i + 1 the body of heading i.
  const references: Set<string>[] = [new Set()];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (token.type === 'heading_open' && token.level === 0 && token.map) {
      const inline = tokens[index + 1];
      headings.push({
        level: toHeadingLevel(token.tag.slice(1)),
        title: (inline?.content ?? '').replace(/\n/g, ' '),
        lines: token.map,
      });
      references.push(new Set());
      index += 2; // the heading's own inline and closing tokens
    } else if (token.type === 'inline') {
      collectCitations(token.children, references[references.length - 1] as Set<string>);
    }
  }
  const parts: Part[] = [
    {
      heading: null,
      body: [0, headings[0]?.lines[0] ?? lines.length],
      references: references[0] as Set<string>,
    },
  ];
  headings.forEach((heading, index) => {
    parts.push({
      heading,
      body: [heading.lines[1], headings[index + 1]?.lines[0] ?? lines.length],
      references: references[index + 1] as Set<string>,
    });
  });
  return { lines, parts };
}

/** The parts that are sections: a blank preamble is none. */
function sectionParts({ lines, parts }: Scan): Part[] {
  return parts.filter((part) => part.heading !== null || bodyOf(lines, ...part.body) !== '');
}

/** Splits markdown into sections at its top-level headings. */
export function splitSections(markdown: string): Section[] {
  const scanned = scan(markdown);
  const headings = scanned.parts.flatMap((part) => (part.heading ? [part.heading] : []));
  const numbers = numberHeadings(headings.map((heading) => heading.level));
  let headingIndex = 0;
  return sectionParts(scanned).map((part) => {
    const { heading } = part;
    return {
      sectionNumber: heading ? (numbers[headingIndex++] ?? '') : '',
      sectionTitle: heading?.title ?? '',
      sectionLevel: heading?.level ?? 0,
      contentMarkdown: bodyOf(scanned.lines, ...part.body),
      references: [...part.references],
    };
  });
}

/**
 * The index in `splitSections(markdown)` of the section that the document's `ordinal`-th
 * top-level heading (0-based) starts, or -1. The editor knows headings, the server sections.
 */
export function sectionIndexOfHeading(sections: readonly Section[], ordinal: number): number {
  const offset = sections[0]?.sectionLevel === 0 ? 1 : 0;
  const index = ordinal + offset;
  return ordinal >= 0 && index < sections.length ? index : -1;
}

/**
 * The markdown with the body of section `index` (as numbered by `splitSections`) replaced by
 * `content`; null when there is no such section. Only that body changes: the bytes before its
 * heading's end and from the next heading on stay as they were, and so does the blank space
 * around the body (a blank line is added where the content would otherwise touch a heading).
 */
export function replaceSectionBody(
  markdown: string,
  index: number,
  content: string,
): string | null {
  const scanned = scan(markdown);
  const part = sectionParts(scanned)[index];
  if (!part) return null;
  const { lines } = scanned;
  const [start, end] = part.body;
  let first = start;
  let last = end;
  while (first < last && BLANK.test(lines[first] as string)) first++;
  while (last > first && BLANK.test(lines[last - 1] as string)) last--;
  const body = content.trim();
  const isLast = end === lines.length;
  let replacement: string[];
  if (body === '') {
    replacement = [...lines.slice(start, first), ...lines.slice(last, end)];
  } else if (first === end) {
    // An empty body has no blank lines of its own to keep: the content gets its own.
    replacement = ['', body, ...(isLast && end === start ? [] : [''])];
  } else {
    const before = first > start || !part.heading ? lines.slice(start, first) : [''];
    const after = last < end || isLast ? lines.slice(last, end) : [''];
    replacement = [...before, body, ...after];
  }
  return [...lines.slice(0, start), ...replacement, ...lines.slice(end)].join('\n');
}

function headingLine(section: Section): string {
  const marker = '#'.repeat(toHeadingLevel(section.sectionLevel));
  return section.sectionTitle === '' ? marker : `${marker} ${section.sectionTitle}`;
}

/** Rebuilds the whole markdown from sections, e.g. after one section was rewritten. */
export function joinSections(sections: readonly Section[]): string {
  return sections
    .flatMap((section) =>
      section.sectionLevel === 0
        ? [section.contentMarkdown]
        : [headingLine(section), section.contentMarkdown],
    )
    .filter((part) => part !== '')
    .join('\n\n');
}
