/**
 * A document computed from markdown (an API client's PUT, a restore, a finalize) holds no
 * provenance, and writing it into the live document as is would take the provenance off every
 * paragraph it touches. `carryProvenance` gives the new document the provenance of the text
 * it shares with the current one: unchanged top-level blocks are taken whole from the current
 * document, and inside a changed block the text before and after the change keeps its marks.
 * Only the changed text itself is left without provenance (docs/provenance.md).
 */
import { Fragment, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { PROVENANCE_MARK } from '../marks/provenance';
import { withoutProvenance } from './provenance';

// Past this many block pairs the middle of the change is not aligned (a whole new paper).
const MAX_ALIGNED_PAIRS = 4_000_000;

function signature(block: ProseMirrorNode): string {
  return JSON.stringify(withoutProvenance(block).toJSON());
}

/** Pairs of equal blocks (current index, next index), in order. */
function matchBlocks(current: string[], next: string[]): [number, number][] {
  const pairs: [number, number][] = [];
  let start = 0;
  while (start < current.length && start < next.length && current[start] === next[start]) {
    pairs.push([start, start]);
    start++;
  }
  let endCurrent = current.length;
  let endNext = next.length;
  const tail: [number, number][] = [];
  while (endCurrent > start && endNext > start && current[endCurrent - 1] === next[endNext - 1]) {
    endCurrent--;
    endNext--;
    tail.unshift([endCurrent, endNext]);
  }
  const rows = endCurrent - start;
  const columns = endNext - start;
  if (rows > 0 && columns > 0 && rows * columns <= MAX_ALIGNED_PAIRS) {
    // Longest common subsequence of the middle.
    const lengths = Array.from({ length: rows + 1 }, () => new Uint32Array(columns + 1));
    for (let i = rows - 1; i >= 0; i--) {
      for (let j = columns - 1; j >= 0; j--) {
        lengths[i]![j] =
          current[start + i] === next[start + j]
            ? lengths[i + 1]![j + 1]! + 1
            : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < rows && j < columns) {
      if (current[start + i] === next[start + j]) {
        pairs.push([start + i, start + j]);
        i++;
        j++;
      } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
      else j++;
    }
  }
  return [...pairs, ...tail];
}

interface Unit {
  key: string;
  size: number;
  marks: ProseMirrorNode['marks'];
}

/** A textblock's content as units: each character of text, each inline node. */
function units(block: ProseMirrorNode): Unit[] {
  const result: Unit[] = [];
  block.forEach((child) => {
    if (child.isText) {
      for (const char of child.text ?? '') result.push({ key: char, size: 1, marks: child.marks });
    } else {
      result.push({ key: `\0${child.type.name}`, size: child.nodeSize, marks: child.marks });
    }
  });
  return result;
}

function textblocks(
  block: ProseMirrorNode,
  offset: number,
): { node: ProseMirrorNode; pos: number }[] {
  if (block.isTextblock) return [{ node: block, pos: offset }];
  const found: { node: ProseMirrorNode; pos: number }[] = [];
  block.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    found.push({ node, pos: offset + 1 + pos });
    return false;
  });
  return found;
}

/** Copies the provenance of the text before and after the change from `from` onto `to`. */
function carryInTextblock(
  transform: Transform,
  from: ProseMirrorNode,
  to: ProseMirrorNode,
  pos: number,
): void {
  const old = units(from);
  const now = units(to);
  let prefix = 0;
  while (prefix < old.length && prefix < now.length && old[prefix]!.key === now[prefix]!.key) {
    prefix++;
  }
  let suffix = 0;
  while (
    suffix < old.length - prefix &&
    suffix < now.length - prefix &&
    old[old.length - 1 - suffix]!.key === now[now.length - 1 - suffix]!.key
  ) {
    suffix++;
  }
  const type = to.type.schema.marks[PROVENANCE_MARK];
  if (!type || !to.type.allowsMarkType(type)) return;
  let at = pos + 1;
  now.forEach((unit, index) => {
    const source =
      index < prefix
        ? old[index]
        : index >= now.length - suffix
          ? old[old.length - now.length + index]
          : null;
    const mark = source?.marks.find((candidate) => candidate.type === type);
    if (mark) transform.addMark(at, at + unit.size, mark);
    at += unit.size;
  });
}

export function carryProvenance(current: ProseMirrorNode, next: ProseMirrorNode): ProseMirrorNode {
  const currentBlocks: ProseMirrorNode[] = [];
  const nextBlocks: ProseMirrorNode[] = [];
  current.forEach((block) => currentBlocks.push(block));
  next.forEach((block) => nextBlocks.push(block));
  const pairs = matchBlocks(currentBlocks.map(signature), nextBlocks.map(signature));
  const children = nextBlocks.slice();
  for (const [from, to] of pairs) children[to] = currentBlocks[from]!;
  const merged = next.copy(Fragment.from(children));
  const transform = new Transform(merged);
  // Between two matched blocks, the changed blocks are paired in order.
  let previous: [number, number] = [-1, -1];
  for (const pair of [...pairs, [currentBlocks.length, nextBlocks.length] as [number, number]]) {
    const gap = Math.min(pair[0] - previous[0] - 1, pair[1] - previous[1] - 1);
    for (let k = 1; k <= gap; k++) {
      const oldBlock = currentBlocks[previous[0] + k]!;
      const index = previous[1] + k;
      let offset = 0;
      for (let i = 0; i < index; i++) offset += children[i]!.nodeSize;
      const olds = textblocks(oldBlock, 0);
      const nows = textblocks(children[index]!, offset);
      if (olds.length !== nows.length) continue;
      olds.forEach((old, i) => carryInTextblock(transform, old.node, nows[i]!.node, nows[i]!.pos));
    }
    previous = pair;
  }
  return transform.doc;
}
