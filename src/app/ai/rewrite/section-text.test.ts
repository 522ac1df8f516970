import { describe, expect, it } from 'vitest';
import { findSection, replaceSectionContent } from './section-text';

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

describe('section text', () => {
  it('finds a section by its display number', () => {
    expect(findSection(paper, '1.1')).toMatchObject({
      sectionTitle: 'Background',
      contentMarkdown: 'Older work.',
    });
    expect(findSection(paper, '2')?.sectionTitle).toBe('Methods');
    expect(findSection(paper, '')).toBeUndefined();
    expect(findSection(paper, '9')).toBeUndefined();
  });

  it('replaces only that section and keeps the rest byte for byte', () => {
    const next = replaceSectionContent(
      paper,
      '1',
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

  it('fills an empty section and refuses an unknown or unnumbered one', () => {
    const empty = '## Introduction\n\n## Methods\n\nText.';
    expect(replaceSectionContent(empty, '1', 'New text.')).toBe(
      '## Introduction\n\nNew text.\n\n## Methods\n\nText.',
    );
    expect(replaceSectionContent(empty, '3', 'x')).toBeNull();
    expect(replaceSectionContent(empty, '', 'x')).toBeNull();
  });
});
