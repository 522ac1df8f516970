/**
 * The three-way merge of an AI result into a section (issue 32 item 4). Given the section's
 * body when the job began (`base`), the document now and the AI's new body, it decides, block
 * by block, what the section becomes:
 *
 * - a top-level block of the section that is still as it was at the start (matched against the
 *   base by a longest common subsequence of the blocks' canonical markdown) is the AI's to
 *   replace: it goes, and the new text takes its place;
 * - a block anyone added or changed since the start stays, whole, next to the new text: the
 *   ones before the first unchanged block stay before it, the others follow it (before any
 *   subheading the new text brings, so they stay in this section), each in document order;
 * - a reference list (`bibliographyBlock`) is never replaced by prose: unless the new text is a
 *   reference list itself, the section's lists stay;
 * - empty blocks hold no text and are replaced like unchanged ones;
 * - nothing outside the section's body changes.
 *
 * The result is a plan over the document's top-level indexes, so it can be applied as a minimal
 * change: the kept blocks are never touched (someone may be typing in them), only the replaced
 * ones are deleted and the new ones inserted (`apply-section-merge.ts`).
 */
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { PlannedPlace } from '../locate-section';
import { parseMarkdown, schema, serializeMarkdown } from '../../document/schema';
import { sectionRange, type SectionRange } from './section-range';

export interface SectionMergeInput {
  /** The document as it is now. */
  doc: ProseMirrorNode;
  /** Where the section was when the job began. */
  place: PlannedPlace;
  /** The section's body (markdown) when the job began: what the AI may replace. */
  baseMarkdown: string;
  /** The AI's new body (markdown). */
  newMarkdown: string;
}

/** One block of the merged body: a new one, or a block of the document kept where it is. */
export type MergedBlock = { kind: 'new'; node: ProseMirrorNode } | { kind: 'kept'; index: number };

export interface SectionMerge {
  range: SectionRange;
  /** The section's body after the merge, in order. Kept indexes increase. */
  blocks: MergedBlock[];
  /** Top-level indexes of the blocks that go (unchanged since the start, or empty). */
  replaced: number[];
  /** How many blocks were kept because someone added or changed them since the start. */
  keptEdits: number;
  /** Whether a reference list was kept that prose would otherwise have replaced. */
  keptReferenceList: boolean;
  /**
   * Where in `blocks` typing that reaches a replaced block too late goes (`rescue-typing.ts`):
   * after the new text's own body, with the other kept text.
   */
  rescueAt: number;
}

export type SectionMergeOutcome =
  | { status: 'merged'; merge: SectionMerge }
  /** The section is no longer in the paper (its heading was changed or removed). */
  | { status: 'missing' }
  /** The AI answered nothing: nothing to write. */
  | { status: 'empty' };

const BIBLIOGRAPHY = 'bibliographyBlock';
const HEADING = 'numberedHeading';

/** A block's identity for the merge: its canonical markdown, alone in a document. */
export function blockKey(block: ProseMirrorNode): string {
  return serializeMarkdown(schema.node('doc', null, [block]));
}

function blocksOf(markdown: string): ProseMirrorNode[] {
  const blocks: ProseMirrorNode[] = [];
  parseMarkdown(markdown).forEach((block) => blocks.push(block));
  return blocks;
}

/** Indexes into `current` of a longest common subsequence with `base`. */
export function matchedIndexes(base: readonly string[], current: readonly string[]): Set<number> {
  const rows = base.length + 1;
  const columns = current.length + 1;
  // lengths[i * columns + j]: LCS length of base[i..] and current[j..].
  const lengths = new Uint32Array(rows * columns);
  for (let i = base.length - 1; i >= 0; i--) {
    for (let j = current.length - 1; j >= 0; j--) {
      lengths[i * columns + j] =
        base[i] === current[j]
          ? (lengths[(i + 1) * columns + j + 1] as number) + 1
          : Math.max(
              lengths[(i + 1) * columns + j] as number,
              lengths[i * columns + j + 1] as number,
            );
    }
  }
  const matched = new Set<number>();
  let i = 0;
  let j = 0;
  while (i < base.length && j < current.length) {
    if (base[i] === current[j]) {
      matched.add(j);
      i++;
      j++;
    } else if (
      (lengths[(i + 1) * columns + j] as number) >= (lengths[i * columns + j + 1] as number)
    ) {
      i++;
    } else {
      j++;
    }
  }
  return matched;
}

/** Computes the merge; applying it is `applySectionMerge*`. */
export function mergeSection(input: SectionMergeInput): SectionMergeOutcome {
  const added = blocksOf(input.newMarkdown).filter((block) => blockKey(block) !== '');
  if (added.length === 0) return { status: 'empty' };
  const range = sectionRange(input.doc, input.place);
  if (!range) return { status: 'missing' };

  const indexes: number[] = [];
  for (let index = range.from; index < range.to; index++) indexes.push(index);
  const current = indexes.map((index) => input.doc.child(index));
  const currentKeys = current.map(blockKey);
  const baseKeys = blocksOf(input.baseMarkdown).map(blockKey);
  const unchanged = matchedIndexes(baseKeys, currentKeys);
  const newIsReferenceList = added.some((block) => block.type.name === BIBLIOGRAPHY);

  // Kept blocks before the first unchanged one stay before the new text; with nothing left
  // of the start, whatever is there was written after it, and follows the new text.
  const firstUnchanged = unchanged.size === 0 ? 0 : Math.min(...unchanged);
  const kept: number[] = [];
  const replaced: number[] = [];
  let keptEdits = 0;
  let keptReferenceList = false;
  let leading = 0;
  current.forEach((block, position) => {
    const index = indexes[position] as number;
    const isEdit = !unchanged.has(position) && currentKeys[position] !== '';
    const isReferenceList = block.type.name === BIBLIOGRAPHY && !newIsReferenceList;
    if (!isEdit && !isReferenceList) {
      replaced.push(index);
      return;
    }
    kept.push(index);
    if (isEdit) keptEdits++;
    else keptReferenceList = true;
    if (position < firstUnchanged) leading++;
  });

  const firstHeading = added.findIndex((block) => block.type.name === HEADING);
  const ownBody = firstHeading < 0 ? added.length : firstHeading;
  const asNew = (node: ProseMirrorNode): MergedBlock => ({ kind: 'new', node });
  const asKept = (index: number): MergedBlock => ({ kind: 'kept', index });
  const blocks: MergedBlock[] = [
    ...kept.slice(0, leading).map(asKept),
    ...added.slice(0, ownBody).map(asNew),
    ...kept.slice(leading).map(asKept),
    ...added.slice(ownBody).map(asNew),
  ];
  return {
    status: 'merged',
    merge: { range, blocks, replaced, keptEdits, keptReferenceList, rescueAt: leading + ownBody },
  };
}
