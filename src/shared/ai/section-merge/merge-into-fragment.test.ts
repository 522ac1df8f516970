import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { splitSections } from '../../document';
import { mergeSectionIntoFragment } from './merge-into-fragment';
import { addParagraphAfter, FRAGMENT, livePair, markdownOf, typeInto } from './testing/live-pair';

const PAPER = [
  '# A paper',
  '## Introduction',
  'Intro one.',
  'Intro two.',
  '## Methods',
  'Methods text.',
].join('\n\n');
const BASE = 'Intro one.\n\nIntro two.';
const PLACE = { sectionIndex: 1, sectionTitle: 'Introduction', sectionLevel: 2 };
const AI_TEXT = 'The AI wrote this.\n\nAnd this.';

function bodyOf(markdown: string, title: string): string | undefined {
  return splitSections(markdown).find((section) => section.sectionTitle === title)?.contentMarkdown;
}

function merge(doc: Y.Doc, newMarkdown = AI_TEXT) {
  return mergeSectionIntoFragment(
    doc.getXmlFragment(FRAGMENT),
    { place: PLACE, baseMarkdown: BASE, newMarkdown },
    'ai-writer',
  );
}

describe('mergeSectionIntoFragment', () => {
  it('keeps what the person typed before the merge, next to the AI text, in both docs', () => {
    const { server, person } = livePair(PAPER);
    typeInto(person, 'Intro two.', 'Intro two.'.length, ' Typed meanwhile.');
    addParagraphAfter(person, 'Intro one.', 'A new paragraph.');
    const outcome = merge(server);
    expect(outcome.status === 'merged' && outcome.merge.keptEdits).toBe(2);
    expect(bodyOf(markdownOf(server), 'Introduction')).toBe(
      'The AI wrote this.\n\nAnd this.\n\nA new paragraph.\n\nIntro two. Typed meanwhile.',
    );
    expect(markdownOf(person)).toBe(markdownOf(server));
  });

  it('is one transaction with the writer’s origin, changing only the section', () => {
    const { server } = livePair(PAPER);
    const origins: unknown[] = [];
    server.on('afterTransaction', (transaction: Y.Transaction) => {
      origins.push(transaction.origin);
    });
    const methods = server.getXmlFragment(FRAGMENT).get(5);
    merge(server);
    expect(origins).toEqual(['ai-writer']);
    // The blocks outside the section are the same Yjs items, not copies.
    expect(server.getXmlFragment(FRAGMENT).get(5)).toBe(methods);
    expect(bodyOf(markdownOf(server), 'Methods')).toBe('Methods text.');
  });

  it('merges with typing done at the same time elsewhere and in a kept paragraph', () => {
    const pair = livePair(PAPER);
    const { server, person } = pair;
    addParagraphAfter(person, 'Intro two.', 'Mine.');
    pair.hold();
    // Concurrently: the person types in their own paragraph, in another section, and adds a
    // paragraph after one the AI replaces; the server merges the AI text.
    typeInto(person, 'Mine.', 'Mine.'.length, ' More of mine.');
    typeInto(person, 'Methods text.', 0, 'Firstly, ');
    addParagraphAfter(person, 'Intro one.', 'Added during the merge.');
    merge(server);
    pair.release();
    const result = markdownOf(server);
    expect(markdownOf(person)).toBe(result);
    const introduction = bodyOf(result, 'Introduction') as string;
    expect(introduction).toContain('The AI wrote this.\n\nAnd this.');
    expect(introduction).toContain('Mine. More of mine.');
    expect(introduction).toContain('Added during the merge.');
    expect(introduction).not.toContain('Intro one.');
    expect(bodyOf(result, 'Methods')).toBe('Firstly, Methods text.');
  });

  it('puts back typing that reached a paragraph the merge replaced a moment too late', () => {
    const pair = livePair(PAPER);
    const { server, person } = pair;
    pair.hold();
    typeInto(person, 'Intro one.', 'Intro one.'.length, ' On its way.');
    typeInto(person, 'Intro two.', 0, 'Also ');
    merge(server);
    pair.release();
    const result = markdownOf(server);
    expect(markdownOf(person)).toBe(result);
    expect(bodyOf(result, 'Introduction')).toBe(
      'The AI wrote this.\n\nAnd this.\n\nOn its way.\n\nAlso',
    );
    // Typing that arrives later still lands, after what was rescued before.
    pair.hold();
    typeInto(person, ' On its way.', 0, 'Even later:');
    pair.release();
    expect(markdownOf(person)).toBe(markdownOf(server));
    expect(bodyOf(markdownOf(server), 'Introduction')).toContain('Even later:');
  });

  it('answers missing and changes nothing when the section was renamed', () => {
    const { server } = livePair(PAPER.replace('## Introduction', '## Overview'));
    const before = Y.encodeStateVector(server);
    expect(merge(server)).toEqual({ status: 'missing' });
    expect(Y.encodeStateVector(server)).toEqual(before);
  });
});
