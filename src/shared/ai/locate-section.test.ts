import { describe, expect, it } from 'vitest';
import { splitSections } from '../document/sections';
import { locateSection } from './locate-section';

const paper = splitSections(
  ['# One', '## Background', '## Methods', '# Two', '## Background', '## Results'].join('\n\n'),
);

describe('locateSection', () => {
  it('keeps the index while its heading is the planned one, even when titles repeat', () => {
    const planned = { sectionIndex: 4, sectionTitle: 'Background', sectionLevel: 2 };
    expect(locateSection(paper, planned)).toBe(4);
  });

  it('finds a moved section by its unique title and level', () => {
    expect(
      locateSection(paper, { sectionIndex: 1, sectionTitle: 'Results', sectionLevel: 2 }),
    ).toBe(5);
  });

  it('answers -1 when the title is ambiguous, missing or an unnumbered heading', () => {
    expect(
      locateSection(paper, { sectionIndex: 2, sectionTitle: 'Background', sectionLevel: 2 }),
    ).toBe(-1);
    expect(locateSection(paper, { sectionIndex: 9, sectionTitle: 'Gone', sectionLevel: 2 })).toBe(
      -1,
    );
    expect(locateSection(paper, { sectionIndex: 0, sectionTitle: 'One', sectionLevel: 1 })).toBe(
      -1,
    );
  });
});
