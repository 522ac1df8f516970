import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { splitSections } from '../../document';
import { mergeSectionIntoFragment } from './merge-into-fragment';
import { FRAGMENT, livePair, markdownOf } from './testing/live-pair';

/** One edit by the person: type a word into a block, add a paragraph, or delete a block. */
type Edit = { kind: 'type' | 'add' | 'delete'; pick: number; atEnd: boolean };

const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom<Edit['kind']>('type', 'type', 'add', 'delete'),
  pick: fc.nat(),
  atEnd: fc.boolean(),
});

const TYPED_WORD = /tok\d+x/;

/** Top-level blocks after the title: the Introduction's and the Methods' (headings excluded). */
function editable(doc: Y.Doc): { index: number; element: Y.XmlElement }[] {
  return doc
    .getXmlFragment(FRAGMENT)
    .toArray()
    .flatMap((block, index) =>
      block instanceof Y.XmlElement && block.nodeName === 'paragraph'
        ? [{ index, element: block }]
        : [],
    );
}

function textOf(element: Y.XmlElement): Y.XmlText {
  const text = element.get(0);
  if (text instanceof Y.XmlText) return text;
  const created = new Y.XmlText();
  element.insert(0, [created]);
  return created;
}

/** Applies one edit; answers the word typed, if any. */
function perform(doc: Y.Doc, change: Edit, serial: number): string | null {
  const blocks = editable(doc);
  const target = blocks[change.pick % Math.max(1, blocks.length)];
  const word = `tok${serial}x`;
  if (!target) return null;
  if (change.kind === 'delete') {
    // A person deletes only text nobody typed into here: what they remove themselves is theirs.
    if (TYPED_WORD.test(target.element.toString())) return null;
    doc.transact(() => doc.getXmlFragment(FRAGMENT).delete(target.index, 1));
    return null;
  }
  if (change.kind === 'add') {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(word)]);
    doc.transact(() => doc.getXmlFragment(FRAGMENT).insert(target.index + 1, [paragraph]));
    return word;
  }
  const text = textOf(target.element);
  // Keystroke by keystroke, at a word boundary so the words stay whole for the check.
  const typed = change.atEnd ? ` ${word}` : `${word} `;
  const start = change.atEnd ? text.length : 0;
  [...typed].forEach((character, offset) => {
    doc.transact(() => text.insert(start + offset, character));
  });
  return word;
}

const PAPER = (paragraphs: number) =>
  [
    '# A paper',
    '## Introduction',
    ...Array.from({ length: paragraphs }, (_, index) => `Original paragraph ${index}.`),
    '## Methods',
    'Methods text.',
  ].join('\n\n');

describe('merging an AI section into the live document', () => {
  it('never loses a character the person typed, before or during the merge', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.array(edit, { maxLength: 8 }),
        fc.array(edit, { maxLength: 8 }),
        fc.array(fc.constantFrom('The AI wrote this.', 'A second new paragraph.'), {
          minLength: 1,
          maxLength: 3,
        }),
        (paragraphs, before, during, aiParagraphs) => {
          const paper = PAPER(paragraphs);
          const base = splitSections(paper)[1]?.contentMarkdown ?? '';
          const pair = livePair(paper);
          const typed: string[] = [];
          let serial = 0;
          for (const change of before) {
            const word = perform(pair.person, change, serial++);
            if (word) typed.push(word);
          }
          pair.hold();
          for (const change of during) {
            const word = perform(pair.person, change, serial++);
            if (word) typed.push(word);
          }
          const outcome = mergeSectionIntoFragment(
            pair.server.getXmlFragment(FRAGMENT),
            {
              place: { sectionIndex: 1, sectionTitle: 'Introduction', sectionLevel: 2 },
              baseMarkdown: base,
              newMarkdown: aiParagraphs.join('\n\n'),
            },
            'ai-writer',
          );
          pair.release();
          const result = markdownOf(pair.server);
          expect(markdownOf(pair.person)).toBe(result);
          for (const word of typed) expect(result).toContain(word);
          if (outcome.status === 'merged') {
            for (const paragraph of aiParagraphs) expect(result).toContain(paragraph);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
