/**
 * Typing that was on its way while a writer replaced its paragraph. A person's keystrokes into
 * a block the merge deleted reach the server a moment later; Yjs would integrate them into the
 * deleted block and drop them. So the blocks a merge replaces are guarded: their Yjs types are
 * kept from garbage collection while the document is loaded (only the types, not their old
 * text), and text that arrives into one of them is written again as a paragraph of its own
 * next to the new text, where the person then sees it. Typing that arrives after the document
 * was unloaded (a long offline spell over a server restart) is beyond this guard.
 */
import * as Y from 'yjs';

/** The origin of the transactions that put rescued typing back. */
export const RESCUE_ORIGIN = 'section-merge-rescue';

/** Where one merge's rescued typing goes: after its new text, and after earlier rescues. */
interface Landing {
  fragment: Y.XmlFragment;
  anchor: Y.RelativePosition;
}

/** The content types of a document (the Yjs typings' AbstractType does not cover them all). */
type YType = Y.XmlElement | Y.XmlText | Y.XmlHook;

const guarded = new WeakMap<object, Landing>();
const watched = new WeakSet<Y.Doc>();

function typesWithin(type: YType, into: YType[]): void {
  into.push(type);
  if (type instanceof Y.XmlElement) {
    for (const child of type.toArray()) typesWithin(child, into);
  }
}

/**
 * Guards blocks about to be deleted by a merge; `anchorIndex` is the fragment index, once the
 * merge is applied, after which rescued typing is placed. Call inside the merge's transaction,
 * before the deletes.
 */
export function guardReplacedBlocks(
  fragment: Y.XmlFragment,
  blocks: readonly YType[],
): (anchorIndex: number) => void {
  const types: YType[] = [];
  for (const block of blocks) typesWithin(block, types);
  for (const type of types) {
    if (type._item) type._item.keep = true;
  }
  return (anchorIndex) => {
    const landing: Landing = {
      fragment,
      anchor: Y.createRelativePositionFromTypeIndex(fragment, anchorIndex, -1),
    };
    for (const type of types) guarded.set(type, landing);
    if (fragment.doc) watch(fragment.doc);
  };
}

/**
 * Whether typing arriving in `doc` may be rescued: a merge replaced blocks in it while it was
 * loaded. A server that must store a rescue before it acknowledges the typing applies the
 * typing itself first when this holds.
 */
export function rescuesTypingIn(doc: Y.Doc): boolean {
  return watched.has(doc);
}

function rescuedText(transaction: Y.Transaction): Map<Landing, Map<object, Y.Item[]>> {
  const found = new Map<Landing, Map<object, Y.Item[]>>();
  Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
    // Only text integrated in this transaction: what arrived into a deleted block.
    if (!(struct instanceof Y.Item) || !(struct.content instanceof Y.ContentString)) return;
    if (struct.id.clock < (transaction.beforeState.get(struct.id.client) ?? 0)) return;
    const parent = struct.parent;
    if (!(parent instanceof Y.AbstractType)) return;
    const landing = guarded.get(parent);
    if (!landing) return;
    const byParent = found.get(landing) ?? new Map<object, Y.Item[]>();
    byParent.set(parent, [...(byParent.get(parent) ?? []), struct]);
    found.set(landing, byParent);
  });
  return found;
}

function putBack(doc: Y.Doc, found: Map<Landing, Map<object, Y.Item[]>>): void {
  doc.transact(() => {
    for (const [landing, byParent] of found) {
      const position = Y.createAbsolutePositionFromRelativePosition(landing.anchor, doc);
      let at =
        position && position.type === landing.fragment ? position.index : landing.fragment.length;
      for (const items of byParent.values()) {
        // In the order the person typed them.
        items.sort((a, b) => a.id.client - b.id.client || a.id.clock - b.id.clock);
        const typed = items.map((item) => (item.content as Y.ContentString).str).join('');
        if (typed.trim() === '') continue;
        const paragraph = new Y.XmlElement('paragraph');
        const text = new Y.XmlText();
        text.insert(0, typed);
        paragraph.insert(0, [text]);
        landing.fragment.insert(at, [paragraph]);
        at++;
      }
      landing.anchor = Y.createRelativePositionFromTypeIndex(landing.fragment, at, -1);
    }
  }, RESCUE_ORIGIN);
}

function watch(doc: Y.Doc): void {
  if (watched.has(doc)) return;
  watched.add(doc);
  doc.on('afterTransaction', (transaction: Y.Transaction) => {
    if (transaction.origin === RESCUE_ORIGIN) return;
    const found = rescuedText(transaction);
    if (found.size > 0) putBack(doc, found);
  });
}
