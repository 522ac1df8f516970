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

/** Splits markdown into sections at its top-level headings. */
export function splitSections(markdown: string): Section[] {
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

  const sections: Section[] = [];
  const preamble = bodyOf(lines, 0, headings[0]?.lines[0] ?? lines.length);
  if (preamble !== '') {
    sections.push({
      sectionNumber: '',
      sectionTitle: '',
      sectionLevel: 0,
      contentMarkdown: preamble,
      references: [...(references[0] as Set<string>)],
    });
  }
  const numbers = numberHeadings(headings.map((heading) => heading.level));
  headings.forEach((heading, index) => {
    const end = headings[index + 1]?.lines[0] ?? lines.length;
    sections.push({
      sectionNumber: numbers[index] ?? '',
      sectionTitle: heading.title,
      sectionLevel: heading.level,
      contentMarkdown: bodyOf(lines, heading.lines[1], end),
      references: [...(references[index + 1] as Set<string>)],
    });
  });
  return sections;
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
