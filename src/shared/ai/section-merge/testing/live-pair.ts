/**
 * Two Y.Docs on one paper for the merge's tests: the server's (where writers merge) and a
 * person's, joined by their updates as a collaboration server would relay them. `hold()` stops
 * the relay so both sides can change the document concurrently; `release()` exchanges what
 * each has missed.
 */
import * as Y from 'yjs';
import { DOCUMENT_FIELD, markdownToYDoc } from '../../../document/live/y-document';
import { serializeMarkdown } from '../../../document/schema';
import { fragmentDocument } from '../merge-into-fragment';

export const FRAGMENT = DOCUMENT_FIELD;

export interface LivePair {
  server: Y.Doc;
  person: Y.Doc;
  hold(): void;
  release(): void;
}

export function livePair(markdown: string): LivePair {
  const server = markdownToYDoc(markdown);
  const person = new Y.Doc();
  Y.applyUpdate(person, Y.encodeStateAsUpdate(server));
  let held = false;
  const relay = (to: Y.Doc) => (update: Uint8Array, origin: unknown) => {
    if (!held && origin !== 'relay') Y.applyUpdate(to, update, 'relay');
  };
  server.on('update', relay(person));
  person.on('update', relay(server));
  return {
    server,
    person,
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      // Both sides' messages are on the wire at once, as when they crossed in flight.
      const toPerson = Y.encodeStateAsUpdate(server, Y.encodeStateVector(person));
      const toServer = Y.encodeStateAsUpdate(person, Y.encodeStateVector(server));
      Y.applyUpdate(server, toServer, 'relay');
      Y.applyUpdate(person, toPerson, 'relay');
    },
  };
}

export function markdownOf(doc: Y.Doc): string {
  return serializeMarkdown(fragmentDocument(doc.getXmlFragment(FRAGMENT)));
}

/** The top-level block whose text starts with `prefix`. */
export function blockStarting(doc: Y.Doc, prefix: string): { index: number; text: Y.XmlText } {
  const fragment = doc.getXmlFragment(FRAGMENT);
  const blocks = fragment.toArray();
  const index = blocks.findIndex(
    (block) => block instanceof Y.XmlElement && block.toString().includes(`>${prefix}`),
  );
  const block = blocks[index];
  const text = block instanceof Y.XmlElement ? block.get(0) : undefined;
  if (!(text instanceof Y.XmlText)) throw new Error(`No paragraph starting "${prefix}"`);
  return { index, text };
}

/** Types `typed` at `offset` of the block, one character a transaction as a person does. */
export function typeInto(doc: Y.Doc, prefix: string, offset: number, typed: string): void {
  const { text } = blockStarting(doc, prefix);
  [...typed].forEach((character, position) => {
    doc.transact(() => text.insert(offset + position, character));
  });
}

/** Adds a paragraph after the block starting with `prefix`, typed a character at a time. */
export function addParagraphAfter(doc: Y.Doc, prefix: string, typed: string): void {
  const fragment = doc.getXmlFragment(FRAGMENT);
  const { index } = blockStarting(doc, prefix);
  const paragraph = new Y.XmlElement('paragraph');
  const text = new Y.XmlText();
  paragraph.insert(0, [text]);
  doc.transact(() => fragment.insert(index + 1, [paragraph]));
  [...typed].forEach((character, position) => {
    doc.transact(() => text.insert(position, character));
  });
}
