import { describe, expect, it } from 'vitest';
import { currentSection, sectionOfHeading, type SectionRef } from './section-text';

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

  it('finds the section again unless its heading changed meanwhile', () => {
    const target = at(repeated, 3);
    const edited = repeated.replace('FA rose', 'FA fell');
    expect(currentSection(edited, target)?.section.contentMarkdown).toBe('FA fell with age.');
    expect(currentSection(`## Added\n\n${repeated}`, target)).toBeUndefined();
    expect(currentSection(repeated.replace('Tract', 'Fibre'), target)).toBeUndefined();
  });
});
