import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headingNumbers } from './heading-numbers';
import { parseMarkdown, serializeMarkdown } from './schema';
import { replaceSectionBody, sectionIndexOfHeading, splitSections } from './sections';

/**
 * Papers with mixed heading levels whose heading offsets are known by construction, so the
 * bytes a rewrite may touch are known without asking the splitter. Bodies hold the blocks
 * papers hold (lists, tables, equations, code with heading-like lines, citations) but no
 * top-level heading of their own.
 */
const word = fc.constantFrom('Sleep', 'matters', 'FA', 'rose', 'über', '数据', 'p < 0.05', '**b**');
const sentence = fc
  .tuple(
    fc.array(word, { minLength: 1, maxLength: 6 }),
    fc.constantFrom('', ' [ref_abcd1234]', ' [ref_abcd1234; ref_efgh5678]', ' $$x^2$$'),
  )
  .map(([words, tail]) => `${words.join(' ')}${tail}.`);
const block = fc.oneof(
  sentence,
  fc
    .array(sentence, { minLength: 1, maxLength: 3 })
    .map((items) => items.map((item) => `- ${item}`).join('\n')),
  fc
    .array(sentence, { minLength: 1, maxLength: 3 })
    .map((items) => items.map((item, i) => `${i + 1}. ${item}`).join('\n')),
  sentence.map((cell) => `| a | b |\n| --- | --- |\n| ${cell} | 2 |`),
  fc.constant('```\n## not a heading\n```'),
  fc.constant('```mermaid\ngraph TD\n  A --> B\n```'),
  fc.constant('$$\n\\frac{a}{b}\n$$'),
  sentence.map((text) => `> ${text}`),
);
const body = fc.array(block, { maxLength: 3 }).map((blocks) => blocks.join('\n\n'));
const gap = fc.constantFrom('\n', '\n\n', '\n\n\n');

const section = fc.record({
  level: fc.integer({ min: 1, max: 6 }),
  title: fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
  afterHeading: gap,
  body,
  afterBody: gap,
});

interface Paper {
  markdown: string;
  /** Per section of splitSections: [start, end) of the bytes its body may occupy. */
  regions: [number, number][];
}

const paper: fc.Arbitrary<Paper> = fc
  .record({
    preamble: fc.oneof(fc.constant(''), body),
    sections: fc.array(section, { minLength: 1, maxLength: 8 }),
    trailingNewline: fc.boolean(),
  })
  .map(({ preamble, sections, trailingNewline }) => {
    let markdown = preamble === '' ? '' : `${preamble}\n\n`;
    const regions: [number, number][] = preamble === '' ? [] : [[0, markdown.length]];
    sections.forEach((part, index) => {
      markdown += `${'#'.repeat(part.level)} ${part.title}\n`;
      const start = markdown.length;
      markdown += part.afterHeading.slice(1);
      const last = index === sections.length - 1;
      if (part.body !== '') markdown += last ? part.body : `${part.body}${part.afterBody}`;
      if (last && trailingNewline) markdown += '\n';
      regions.push([start, markdown.length]);
    });
    return { markdown, regions };
  });

const replacement = fc
  .array(block, { minLength: 1, maxLength: 3 })
  .map((blocks) => `\n${blocks.join('\n\n')}\n`);

const runs = { numRuns: 300 };
const timeout = 60_000;

describe('section rewrite properties', () => {
  it(
    'a rewrite replaces exactly the chosen section and leaves every other byte unchanged',
    () => {
      fc.assert(
        fc.property(paper, replacement, ({ markdown, regions }, content) => {
          const before = splitSections(markdown);
          expect(before).toHaveLength(regions.length);
          before.forEach((_, index) => {
            const [start, end] = regions[index] as [number, number];
            const next = replaceSectionBody(markdown, index, content) as string;
            expect(next.slice(0, start)).toBe(markdown.slice(0, start));
            expect(next.length - start).toBeGreaterThanOrEqual(markdown.length - end);
            expect(next.slice(next.length - (markdown.length - end))).toBe(markdown.slice(end));

            const after = splitSections(next);
            expect(after).toHaveLength(before.length);
            after.forEach((changed, other) => {
              if (other === index) {
                expect(changed.contentMarkdown).toBe(content.trim());
                expect(changed.sectionTitle).toBe(before[other]?.sectionTitle);
                expect(changed.sectionNumber).toBe(before[other]?.sectionNumber);
              } else {
                expect(changed).toEqual(before[other]);
              }
            });
          });
        }),
        runs,
      );
    },
    timeout,
  );

  it(
    "the editor's n-th heading names the section the splitter gives it",
    () => {
      fc.assert(
        fc.property(paper, ({ markdown }) => {
          const doc = parseMarkdown(markdown);
          const sections = splitSections(serializeMarkdown(doc));
          headingNumbers(doc).forEach((heading, ordinal) => {
            const found = sections[sectionIndexOfHeading(sections, ordinal)];
            expect(found?.sectionLevel).toBe(heading.level);
            expect(found?.sectionNumber).toBe(heading.number);
            expect(found?.sectionTitle).toBe(
              serializeMarkdown(
                doc.copy(
                  doc.content.cut(
                    heading.pos,
                    heading.pos + (doc.nodeAt(heading.pos)?.nodeSize ?? 0),
                  ),
                ),
              ).replace(/^#+ ?/, ''),
            );
          });
        }),
        runs,
      );
    },
    timeout,
  );

  it('refuses a section that is not there', () => {
    expect(replaceSectionBody('## A\n\nText.', 1, 'x')).toBeNull();
    expect(replaceSectionBody('\n\n## A', 0, 'x')).toBe('\n\n## A\n\nx');
  });
});
