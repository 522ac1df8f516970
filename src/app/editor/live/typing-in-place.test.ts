import { EditorState, TextSelection } from '@tiptap/pm/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { parseMarkdown } from '../../../shared/document';
import {
  applyNode,
  documentFragment,
  markdownToYDoc,
  yDocToNode,
} from '../../../shared/document/live/y-document';
import { applyTextEdits, blockEdits } from './typing-in-place';

const RELAY = 'relay';

/** Where one paragraph's text begins in the document: after its opening token. */
const PARAGRAPH_START = 1;

/**
 * A writer with its own copy of the live document and a caret in its first paragraph, kept as
 * the editor keeps it: tied to the character before it, so text another writer inserts right
 * at the caret goes after it. `viaSteps` is what typing-in-place does (the keystroke's step
 * applied to the paragraph's text); otherwise the keystroke goes through the text diff of
 * y-prosemirror, as it did before.
 */
class Writer {
  readonly ydoc = new Y.Doc();
  private caret: Y.RelativePosition;
  /** Updates made here and not yet delivered to the other writer. */
  private outbox: Uint8Array[] = [];

  constructor(
    start: Y.Doc,
    caretIndex: number,
    private readonly viaSteps: boolean,
    clientID?: number,
  ) {
    // Concurrent inserts at one place are ordered by client id: fixed, so a run can be repeated.
    if (clientID !== undefined) this.ydoc.clientID = clientID;
    Y.applyUpdate(this.ydoc, Y.encodeStateAsUpdate(start), RELAY);
    this.ydoc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== RELAY) this.outbox.push(update);
    });
    this.caret = Y.createRelativePositionFromTypeIndex(this.text(), caretIndex, -1);
  }

  text(): Y.XmlText {
    const paragraph = documentFragment(this.ydoc).get(0) as Y.XmlElement;
    return paragraph.get(0) as Y.XmlText;
  }

  caretIndex(): number {
    const absolute = Y.createAbsolutePositionFromRelativePosition(this.caret, this.ydoc);
    if (!absolute) throw new Error('The caret is gone');
    return absolute.index;
  }

  /** A keystroke (or a selection replaced by `typed`), as the editor dispatches it. */
  type(typed: string, remove = 0): void {
    const index = this.caretIndex() - remove;
    const state = EditorState.create({ doc: yDocToNode(this.ydoc) });
    const from = PARAGRAPH_START + index;
    const tr = state.tr.setSelection(TextSelection.create(state.doc, from, from + remove));
    if (typed) tr.insertText(typed);
    else tr.deleteSelection();
    if (this.viaSteps) {
      const change = blockEdits([tr]);
      if (!change) throw new Error('A keystroke in a paragraph is a text edit');
      this.ydoc.transact(() => applyTextEdits(this.text(), change.edits), 'typing');
    } else {
      applyNode(this.ydoc, tr.doc, 'typing');
    }
    this.caret = Y.createRelativePositionFromTypeIndex(this.text(), index + typed.length, -1);
  }

  deliverTo(other: Writer): void {
    for (const update of this.outbox) Y.applyUpdate(other.ydoc, update, RELAY);
    this.outbox = [];
  }
}

const PARAGRAPH = 'The shared paragraph.';
// Both start with ' Typed in the ': at one caret, each keystroke has an equal neighbour.
const FIRST = ' Typed in the first tab.';
const SECOND = ' Typed in the second tab.';

/** One step of two writers typing at once: a keystroke of A's or B's, or a relay. */
type Action = 'a' | 'b' | 'a→b' | 'b→a';

/**
 * Two writers at the end of one paragraph type a sentence each, their keystrokes and the
 * relays of each other's updates in the order `schedule` gives; whatever is left of either
 * is typed and relayed at the end.
 */
function typeAtOnce(schedule: readonly Action[], viaSteps: boolean, aFirst: boolean): string[] {
  const start = markdownToYDoc(PARAGRAPH);
  const a = new Writer(start, PARAGRAPH.length, viaSteps, aFirst ? 1 : 2);
  const b = new Writer(start, PARAGRAPH.length, viaSteps, aFirst ? 2 : 1);
  const typed = { a: 0, b: 0 };
  const run = (action: Action) => {
    if (action === 'a→b') a.deliverTo(b);
    else if (action === 'b→a') b.deliverTo(a);
    else {
      const sentence = action === 'a' ? FIRST : SECOND;
      const writer = action === 'a' ? a : b;
      if (typed[action] < sentence.length) writer.type(sentence.charAt(typed[action]++));
    }
  };
  schedule.forEach(run);
  while (typed.a < FIRST.length) run('a');
  while (typed.b < SECOND.length) run('b');
  run('a→b');
  run('b→a');
  return [a, b].map((writer) => writer.text().toString());
}

const WHOLE = [PARAGRAPH + FIRST + SECOND, PARAGRAPH + SECOND + FIRST];

describe('typing in place', () => {
  it("keeps each writer's keystrokes together when two type at one place at once", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<Action>('a', 'b', 'a→b', 'b→a'), { maxLength: 120 }),
        fc.boolean(),
        (schedule, aFirst) => {
          const [inA, inB] = typeAtOnce(schedule, true, aFirst);
          expect(inA).toBe(inB);
          expect(WHOLE).toContain(inA);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is needed: through the text diff, a keystroke next to an equal character can land past it', () => {
    // A's first space reaches B, whose caret is before it; B types its sentence, which begins
    // with a space too. The diff of the old and new text cannot tell which space is new and
    // takes B's as coming after A's: B's sentence loses its space, and it ends up at the end.
    const schedule: Action[] = ['a', 'a→b'];
    expect(typeAtOnce(schedule, false, true)[0]).toBe(`${PARAGRAPH}${FIRST}${SECOND.slice(1)} `);
    expect(WHOLE).toContain(typeAtOnce(schedule, true, true)[0]);
  });

  it('lands the typing of two writers at two places of one paragraph where each typed it', () => {
    const start = markdownToYDoc(PARAGRAPH);
    const a = new Writer(start, PARAGRAPH.length, true);
    const b = new Writer(start, 'The'.length, true);
    for (const [index, char] of [...' AND THEN'].entries()) {
      a.type(char);
      b.type(' and then'.charAt(index));
      a.deliverTo(b);
      b.deliverTo(a);
    }
    expect(a.text().toString()).toBe('The and then shared paragraph. AND THEN');
    expect(b.text().toString()).toBe(a.text().toString());
  });

  it('applies deletions and replaced selections where they were made', () => {
    const start = markdownToYDoc('Abc def.');
    const a = new Writer(start, 'Abc def'.length, true);
    a.type('', 3); // 'def' selected and deleted
    a.type('xyz');
    a.type('!', 1); // the 'z' replaced
    expect(a.text().toString()).toBe('Abc xy!.');
  });
});

describe('blockEdits', () => {
  const state = () => EditorState.create({ doc: parseMarkdown('One **two**.\n\nThree.') });

  it('reads typing in one paragraph as text edits at its offsets', () => {
    const tr = state().tr.insertText('x', 2).insertText('yz', 4);
    expect(blockEdits([tr])).toEqual({
      blockPos: 0,
      edits: [
        { index: 1, remove: 0, insert: 'x' },
        { index: 3, remove: 0, insert: 'yz' },
      ],
    });
  });

  it('leaves anything else to the text diff: a split, a mark, two paragraphs, no change', () => {
    const split = state().tr.split(3);
    const bold = state().tr.addMark(1, 3, state().schema.marks.bold!.create());
    const across = state().tr.delete(3, 13);
    const twoBlocks = state().tr.insertText('x', 2).insertText('y', 13);
    for (const tr of [split, bold, across, twoBlocks, state().tr]) {
      expect(blockEdits([tr])).toBeNull();
    }
  });
});
