import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown, splitSections } from '../../document';
import { applySectionMergeToDoc } from './apply-section-merge';
import { matchedIndexes, mergeSection, type SectionMergeOutcome } from './merge-section';

const PAPER = [
  '# A paper',
  '## Introduction',
  'Intro one.',
  'Intro two.',
  '## Methods',
  'Methods text.',
  '## References',
  '[xref_abc12345] Smith, J. (2020). A work.',
].join('\n\n');

const INTRODUCTION = { sectionIndex: 1, sectionTitle: 'Introduction', sectionLevel: 2 };
const REFERENCES = { sectionIndex: 3, sectionTitle: 'References', sectionLevel: 2 };

function bodyOf(markdown: string, title: string): string {
  return splitSections(markdown).find((section) => section.sectionTitle === title)
    ?.contentMarkdown as string;
}

/** The paper after merging `newMarkdown` into the section, base taken from PAPER. */
function merged(
  now: string,
  newMarkdown: string,
  place = INTRODUCTION,
): { markdown: string; outcome: SectionMergeOutcome } {
  const doc = parseMarkdown(now);
  const outcome = mergeSection({
    doc,
    place,
    baseMarkdown: bodyOf(PAPER, place.sectionTitle),
    newMarkdown,
  });
  const markdown =
    outcome.status === 'merged'
      ? serializeMarkdown(applySectionMergeToDoc(doc, outcome.merge))
      : now;
  return { markdown, outcome };
}

function keptEdits(outcome: SectionMergeOutcome): number {
  return outcome.status === 'merged' ? outcome.merge.keptEdits : -1;
}

describe('mergeSection', () => {
  it('replaces a section nobody touched and leaves every other byte', () => {
    const { markdown, outcome } = merged(PAPER, 'The new introduction.');
    expect(markdown).toBe(PAPER.replace('Intro one.\n\nIntro two.', 'The new introduction.'));
    expect(keptEdits(outcome)).toBe(0);
  });

  it('keeps a paragraph added since the start, after the new text', () => {
    const now = PAPER.replace('Intro one.', 'Intro one.\n\nTyped by the author.');
    const { markdown, outcome } = merged(now, 'New A.\n\nNew B.');
    expect(bodyOf(markdown, 'Introduction')).toBe('New A.\n\nNew B.\n\nTyped by the author.');
    expect(keptEdits(outcome)).toBe(1);
  });

  it('keeps a paragraph edited since the start whole, the AI replacing only the others', () => {
    const now = PAPER.replace('Intro two.', 'Intro two. And a sentence typed meanwhile.');
    const { markdown, outcome } = merged(now, 'New text.');
    expect(bodyOf(markdown, 'Introduction')).toBe(
      'New text.\n\nIntro two. And a sentence typed meanwhile.',
    );
    expect(keptEdits(outcome)).toBe(1);
  });

  it('keeps text written before the first unchanged block before the new text', () => {
    const now = PAPER.replace('Intro one.', 'A new opening.\n\nIntro one.\n\nIn between.');
    const { markdown } = merged(now, 'New text.');
    expect(bodyOf(markdown, 'Introduction')).toBe('A new opening.\n\nNew text.\n\nIn between.');
  });

  it('puts text typed into a section that was empty at the start after the new text', () => {
    const empty = PAPER.replace('Intro one.\n\nIntro two.\n\n', '');
    const now = empty.replace('## Introduction', '## Introduction\n\nTyped while it ran.');
    const doc = parseMarkdown(now);
    const outcome = mergeSection({
      doc,
      place: INTRODUCTION,
      baseMarkdown: '',
      newMarkdown: 'Written by the AI.',
    });
    expect(outcome.status).toBe('merged');
    if (outcome.status !== 'merged') return;
    const markdown = serializeMarkdown(applySectionMergeToDoc(doc, outcome.merge));
    expect(bodyOf(markdown, 'Introduction')).toBe('Written by the AI.\n\nTyped while it ran.');
  });

  it('does not bring back a paragraph deleted since the start', () => {
    const now = PAPER.replace('Intro one.\n\n', '');
    const { markdown, outcome } = merged(now, 'New text.');
    expect(bodyOf(markdown, 'Introduction')).toBe('New text.');
    expect(keptEdits(outcome)).toBe(0);
  });

  it('keeps the author’s text in the section when the new text brings subheadings', () => {
    const now = PAPER.replace('Intro two.', 'Intro two.\n\nMine.');
    const { markdown } = merged(now, 'Opening.\n\n### Background\n\nMore.');
    const sections = splitSections(markdown);
    expect(bodyOf(markdown, 'Introduction')).toBe('Opening.\n\nMine.');
    expect(sections.map((section) => section.sectionTitle)).toEqual([
      'A paper',
      'Introduction',
      'Background',
      'Methods',
      'References',
    ]);
  });

  it('replaces empty paragraphs: they hold no text', () => {
    const doc = parseMarkdown(PAPER);
    // An empty paragraph inside the Introduction, as the editor makes on Enter.
    const children: ProseMirrorNode[] = [];
    doc.forEach((child, _offset, index) => {
      children.push(child);
      if (index === 2) children.push(doc.type.schema.node('paragraph'));
    });
    const edited = doc.type.create(null, children);
    const outcome = mergeSection({
      doc: edited,
      place: INTRODUCTION,
      baseMarkdown: bodyOf(PAPER, 'Introduction'),
      newMarkdown: 'New text.',
    });
    expect(outcome.status).toBe('merged');
    if (outcome.status !== 'merged') return;
    expect(outcome.merge.keptEdits).toBe(0);
    expect(
      bodyOf(serializeMarkdown(applySectionMergeToDoc(edited, outcome.merge)), 'Introduction'),
    ).toBe('New text.');
  });

  it('never replaces a reference list by prose', () => {
    const { markdown, outcome } = merged(PAPER, 'A paragraph of prose.', REFERENCES);
    expect(bodyOf(markdown, 'References')).toBe(
      'A paragraph of prose.\n\n[xref_abc12345] Smith, J. (2020). A work.',
    );
    expect(outcome.status === 'merged' && outcome.merge.keptReferenceList).toBe(true);
  });

  it('lets a new reference list replace the one that was there', () => {
    const { markdown } = merged(PAPER, '[xref_def67890] Doe, A. (2021). Another.', REFERENCES);
    expect(bodyOf(markdown, 'References')).toBe('[xref_def67890] Doe, A. (2021). Another.');
  });

  it('finds the section by its heading when sections were added before it', () => {
    const now = PAPER.replace('## Introduction', '## Preface\n\nA preface.\n\n## Introduction');
    const { markdown } = merged(now, 'New text.');
    expect(bodyOf(markdown, 'Introduction')).toBe('New text.');
    expect(bodyOf(markdown, 'Preface')).toBe('A preface.');
  });

  it('writes nothing when the section’s heading was changed, or the AI answered nothing', () => {
    expect(merged(PAPER.replace('## Introduction', '## Overview'), 'New.').outcome).toEqual({
      status: 'missing',
    });
    expect(merged(PAPER, '  ').outcome).toEqual({ status: 'empty' });
  });

  it('merges into a section that ends the paper and into a preamble-led paper', () => {
    const paper = 'Preamble text.\n\n## Only\n\nOld.';
    const doc = parseMarkdown(paper);
    const outcome = mergeSection({
      doc,
      place: { sectionIndex: 1, sectionTitle: 'Only', sectionLevel: 2 },
      baseMarkdown: 'Old.',
      newMarkdown: 'New.',
    });
    expect(outcome.status).toBe('merged');
    if (outcome.status !== 'merged') return;
    expect(serializeMarkdown(applySectionMergeToDoc(doc, outcome.merge))).toBe(
      'Preamble text.\n\n## Only\n\nNew.',
    );
  });
});

describe('matchedIndexes', () => {
  it('matches a longest common subsequence', () => {
    expect([...matchedIndexes(['a', 'b', 'c'], ['a', 'x', 'c'])]).toEqual([0, 2]);
    expect([...matchedIndexes(['a', 'b'], ['b', 'a', 'b'])].length).toBe(2);
    expect([...matchedIndexes([], ['a'])]).toEqual([]);
  });
});
