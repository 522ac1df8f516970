import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from './schema';
import { joinSections, splitSections } from './sections';
import { markdownSoup } from './testing/markdown-arbitrary';

const paper = [
  'An abstract before any heading [ref_aaaaaaaa].',
  '# The Title',
  'Under the title.',
  '## Introduction',
  'Intro text [ref_bbbbbbbb; ref_cccccccc] and again [ref_bbbbbbbb].',
  '### Background',
  '- a list [ref_dddddddd]\n- with a nested `# not a heading`',
  '```\n## not a heading either\n```',
  '## Methods',
  '## Results $$p < 0.05$$',
  '| a | b |\n| --- | --- |\n| [ref_eeeeeeee] | 2 |',
  '# Appendix',
  '## Data',
  'Data.',
].join('\n\n');

describe('splitSections', () => {
  const sections = splitSections(paper);

  it('numbers sections like the editor: level 1 resets, levels 2-6 dotted', () => {
    expect(sections.map((s) => [s.sectionNumber, s.sectionLevel, s.sectionTitle])).toEqual([
      ['', 0, ''],
      ['', 1, 'The Title'],
      ['1', 2, 'Introduction'],
      ['1.1', 3, 'Background'],
      ['2', 2, 'Methods'],
      ['3', 2, 'Results $$p < 0.05$$'],
      ['', 1, 'Appendix'],
      ['1', 2, 'Data'],
    ]);
  });

  it('keeps each body as written, up to the next heading of any level', () => {
    expect(sections[2]?.contentMarkdown).toBe(
      'Intro text [ref_bbbbbbbb; ref_cccccccc] and again [ref_bbbbbbbb].',
    );
    expect(sections[3]?.contentMarkdown).toBe(
      '- a list [ref_dddddddd]\n- with a nested `# not a heading`\n\n```\n## not a heading either\n```',
    );
    expect(sections[4]?.contentMarkdown).toBe('');
  });

  it('lists the ids cited in each body, unique and in order', () => {
    expect(sections.map((s) => s.references)).toEqual([
      ['ref_aaaaaaaa'],
      [],
      ['ref_bbbbbbbb', 'ref_cccccccc'],
      ['ref_dddddddd'],
      [],
      ['ref_eeeeeeee'],
      [],
      [],
    ]);
  });

  it('has no preamble when the text starts with a heading, and none for empty text', () => {
    expect(splitSections('## A\n\ntext')[0]?.sectionTitle).toBe('A');
    expect(splitSections('')).toEqual([]);
    expect(splitSections('just text')).toEqual([
      {
        sectionNumber: '',
        sectionTitle: '',
        sectionLevel: 0,
        contentMarkdown: 'just text',
        references: [],
      },
    ]);
  });

  it('ignores headings inside lists and quotes', () => {
    expect(splitSections('- # in a list\n\n> ## in a quote')).toHaveLength(1);
  });
});

describe('joinSections', () => {
  it('rebuilds canonical markdown exactly', () => {
    expect(joinSections(splitSections(paper))).toBe(paper);
  });

  it('rebuilds the document after one section is replaced', () => {
    const sections = splitSections(paper);
    const rewritten = sections.map((s) =>
      s.sectionNumber === '2' ? { ...s, contentMarkdown: 'New methods.' } : s,
    );
    const joined = joinSections(rewritten);
    expect(joined).toContain('## Methods\n\nNew methods.\n\n## Results');
    expect(splitSections(joined)[4]?.contentMarkdown).toBe('New methods.');
  });

  it('writes a heading without title as bare hashes', () => {
    expect(
      joinSections([
        {
          sectionNumber: '1',
          sectionTitle: '',
          sectionLevel: 2,
          contentMarkdown: 'x',
          references: [],
        },
      ]),
    ).toBe('##\n\nx');
  });

  it('round-trips any canonical markdown', () => {
    fc.assert(
      fc.property(markdownSoup, (markdown) => {
        const canonical = serializeMarkdown(parseMarkdown(markdown));
        expect(joinSections(splitSections(canonical))).toBe(canonical);
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
