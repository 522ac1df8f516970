import { describe, expect, it } from 'vitest';
import { PAPER_TYPES } from '../../../shared/papers/paper-types';
import { fillTitle } from './fill-title';
import { templateSubsections } from './refine/subsection-templates';
import { STRUCTURE_TEMPLATES } from './structure-templates';

/** Titles of every shape a person gives: phrases, questions, sentences, odd spacing. */
const TITLES = [
  'Sleep and memory consolidation in adolescents',
  'Does sleep improve memory?',
  'The effect of caffeine on attention.',
  'COVID-19: lessons for public health',
  'machine learning for protein folding',
  'Why We Sleep!',
  '  Extra   spaces   around  ',
  'A',
  'Über die Quantenmechanik',
  'Climate change, migration and conflict in the Sahel (1990–2020)',
  'How do teachers use feedback in large first-year courses, and does it help students?',
];

/** The nouns after which a template names the title: 'the study “…”'. */
const NAMING_NOUNS =
  /\b(paper|study|review|assignment|essay|book|submission|manuscript|compendium) $/;

const name = (title: string) => title.trim().replace(/\s+/g, ' ').replace(/\.+$/, '');

/** Every line a template without a model fills with a title. */
function filledLines(title: string): string[] {
  const sections = PAPER_TYPES.flatMap((type) => STRUCTURE_TEMPLATES[type].sections);
  const headings = [...new Set(sections.map((section) => section.title)), 'Policy Lessons'];
  return [
    ...sections.map((section) => fillTitle(section.purpose, title)),
    ...headings.flatMap((heading) =>
      templateSubsections(heading, title).flatMap((sub) => [sub.title, sub.purpose]),
    ),
  ];
}

describe('template text reads as written English for any title', () => {
  it.each(TITLES)('%s', (title) => {
    const quoted = `“${name(title)}”`;
    for (const line of filledLines(title)) {
      expect(line, line).not.toMatch(/[{}]/);
      expect(line, line).toMatch(/^[A-Z]/);
      expect(line, line).not.toMatch(/ {2}|\.\.|[?!]”\.| [.,]/);
      let at = line.indexOf(quoted);
      // The title only ever appears quoted, as the name of the paper after a noun naming it.
      if (line.includes(name(title)) && name(title).length > 1) expect(at, line).toBeGreaterThan(0);
      while (at > 0) {
        expect(line.slice(0, at), line).toMatch(NAMING_NOUNS);
        at = line.indexOf(quoted, at + 1);
      }
    }
  });

  it('puts the title of issue 33 into a grammatical slot', () => {
    const background = STRUCTURE_TEMPLATES.scientific.sections.find(
      (section) => section.title === 'Background and Related Work',
    );
    expect(
      fillTitle(background?.purpose ?? '', 'Sleep and memory consolidation in adolescents'),
    ).toBe(
      'Review the prior research on which the study “Sleep and memory consolidation in adolescents” builds.',
    );
  });

  it('ends a quoted question without a second stop', () => {
    expect(fillTitle('Summarize the claims of the manuscript “{topic}”.', 'Is it true?')).toBe(
      'Summarize the claims of the manuscript “Is it true?”',
    );
  });
});
