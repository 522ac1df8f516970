import { describe, expect, it } from 'vitest';
import { replaceSectionContent, sectionOfHeading, type SectionRef } from './section-text';

const paper = [
  '# A Study of Sleep',
  'Preamble under the title.',
  '## Introduction',
  'Sleep matters [ref_abcd1234].',
  '### Background',
  'Older work.',
  '## Methods',
  'We measured things.',
].join('\n\n');

// The case of issue 17: both level-2 sections are numbered '1'.
const repeated = [
  '# Methods',
  '## Acquisition',
  'Scans were acquired.',
  '# Results',
  '## Tract statistics',
  'FA rose with age.',
].join('\n\n');

const at = (markdown: string, heading: number) => sectionOfHeading(markdown, heading) as SectionRef;

describe('section text', () => {
  it('finds the section a heading starts, by the heading, whatever its number', () => {
    expect(sectionOfHeading(paper, 2)?.section).toMatchObject({
      sectionNumber: '1.1',
      sectionTitle: 'Background',
      contentMarkdown: 'Older work.',
    });
    expect(sectionOfHeading(repeated, 1)?.section.sectionTitle).toBe('Acquisition');
    expect(sectionOfHeading(repeated, 3)?.section).toMatchObject({
      sectionNumber: '1',
      sectionTitle: 'Tract statistics',
    });
    expect(sectionOfHeading(paper, 0)).toBeUndefined(); // the title has no number
    expect(sectionOfHeading(paper, 9)).toBeUndefined();
  });

  it('replaces only that section and keeps the rest byte for byte', () => {
    const next = replaceSectionContent(
      paper,
      at(paper, 1),
      'Sleep is vital [ref_efgh5678].\n\nA second paragraph.\n',
    );
    expect(next).toBe(
      [
        '# A Study of Sleep',
        'Preamble under the title.',
        '## Introduction',
        'Sleep is vital [ref_efgh5678].',
        'A second paragraph.',
        '### Background',
        'Older work.',
        '## Methods',
        'We measured things.',
      ].join('\n\n'),
    );
  });

  it('rewrites the second of two sections numbered 1, not the first', () => {
    expect(replaceSectionContent(repeated, at(repeated, 3), 'New statistics.')).toBe(
      repeated.replace('FA rose with age.', 'New statistics.'),
    );
  });

  it('fills an empty section and refuses one whose heading changed meanwhile', () => {
    const empty = '## Introduction\n\n## Methods\n\nText.';
    expect(replaceSectionContent(empty, at(empty, 0), 'New text.')).toBe(
      '## Introduction\n\nNew text.\n\n## Methods\n\nText.',
    );
    const target = at(repeated, 3);
    expect(replaceSectionContent(`## Added\n\n${repeated}`, target, 'x')).toBeNull();
    expect(replaceSectionContent(repeated.replace('Tract', 'Fibre'), target, 'x')).toBeNull();
  });
});
