import type { JSONContent } from '@tiptap/core';
import { jsonToMarkdown, parseMarkdown } from '../../shared/document';
import type { SectionWork, StructureSection } from '../../shared/papers/paper-structure';

/** 001 §2 'Structure overview tree': ## to ##### and what each level is called. */
export const LEVEL_LABELS: Record<number, string> = {
  2: 'Chapter',
  3: 'Section',
  4: 'Subsection',
  5: 'Subsubsection',
};
export const MIN_LEVEL = 2;
export const MAX_LEVEL = 5;

/** One heading of the structure overview tree, as the user edits it before Save. */
export interface OutlineNode extends StructureSection {
  /** Stable while the user renames and moves it (React keys, focus). */
  key: string;
}

let nextKey = 0;
const newKey = (prefix = 'outline') => `${prefix}-${(nextKey += 1)}`;
/** Headings the user added in the tree: no literature was looked for them. */
const ADDED = 'added';

export function isAddedByUser(node: OutlineNode): boolean {
  return node.key.startsWith(`${ADDED}-`);
}

export function outlineFromSections(sections: readonly StructureSection[]): OutlineNode[] {
  return normalize(sections.map((section) => ({ ...section, key: newKey() })));
}

/** From ## down, never skipping a level on the way down (as the server's structure). */
function normalize(nodes: OutlineNode[]): OutlineNode[] {
  let previous = MIN_LEVEL - 1;
  return nodes.map((node) => {
    const level = Math.max(MIN_LEVEL, Math.min(node.level, previous + 1, MAX_LEVEL));
    previous = level;
    return level === node.level ? node : { ...node, level };
  });
}

/** The index just past `index`'s subtree (its deeper headings that follow it). */
function subtreeEnd(nodes: readonly OutlineNode[], index: number): number {
  const level = nodes[index]?.level ?? MIN_LEVEL;
  let end = index + 1;
  while (end < nodes.length && (nodes[end]?.level ?? 0) > level) end += 1;
  return end;
}

export function renameNode(nodes: OutlineNode[], key: string, title: string): OutlineNode[] {
  return nodes.map((node) => (node.key === key ? { ...node, title } : node));
}

/** Removes the heading with the headings under it. */
export function removeNode(nodes: OutlineNode[], key: string): OutlineNode[] {
  const index = nodes.findIndex((node) => node.key === key);
  if (index < 0) return nodes;
  return normalize([...nodes.slice(0, index), ...nodes.slice(subtreeEnd(nodes, index))]);
}

/** A new heading of the same level after `key`'s subtree (or a first chapter); returns its key. */
export function addNodeAfter(
  nodes: OutlineNode[],
  key: string | null,
  title: string,
): { nodes: OutlineNode[]; key: string } {
  const index = key === null ? -1 : nodes.findIndex((node) => node.key === key);
  const level = index < 0 ? MIN_LEVEL : (nodes[index]?.level ?? MIN_LEVEL);
  const at = index < 0 ? nodes.length : subtreeEnd(nodes, index);
  const added: OutlineNode = { key: newKey(ADDED), level, title, purpose: '', works: [] };
  return { nodes: normalize([...nodes.slice(0, at), added, ...nodes.slice(at)]), key: added.key };
}

/** The sibling before (-1) or after (+1): the heading before with the same level, no parent crossed. */
function siblingIndex(nodes: readonly OutlineNode[], index: number, direction: -1 | 1): number {
  const level = nodes[index]?.level ?? MIN_LEVEL;
  if (direction === 1) {
    const next = subtreeEnd(nodes, index);
    return nodes[next]?.level === level ? next : -1;
  }
  for (let at = index - 1; at >= 0; at -= 1) {
    const other = nodes[at]?.level ?? 0;
    if (other === level) return at;
    if (other < level) return -1;
  }
  return -1;
}

export function canMove(nodes: readonly OutlineNode[], key: string, direction: -1 | 1): boolean {
  const index = nodes.findIndex((node) => node.key === key);
  return index >= 0 && siblingIndex(nodes, index, direction) >= 0;
}

/** Swaps the heading (with its subtree) with its sibling before or after. */
export function moveNode(nodes: OutlineNode[], key: string, direction: -1 | 1): OutlineNode[] {
  const index = nodes.findIndex((node) => node.key === key);
  if (index < 0) return nodes;
  const sibling = siblingIndex(nodes, index, direction);
  if (sibling < 0) return nodes;
  const [first, second] = direction === 1 ? [index, sibling] : [sibling, index];
  const firstBlock = nodes.slice(first, subtreeEnd(nodes, first));
  const secondBlock = nodes.slice(second, subtreeEnd(nodes, second));
  return [
    ...nodes.slice(0, first),
    ...secondBlock,
    ...firstBlock,
    ...nodes.slice(second + secondBlock.length),
  ];
}

export function canChangeLevel(
  nodes: readonly OutlineNode[],
  key: string,
  change: -1 | 1,
): boolean {
  const index = nodes.findIndex((node) => node.key === key);
  const node = nodes[index];
  if (!node) return false;
  const level = node.level + change;
  if (level < MIN_LEVEL || level > MAX_LEVEL) return false;
  // Deeper only under a heading: the one before must be at least as deep as this one now.
  return change === -1 || (index > 0 && (nodes[index - 1]?.level ?? 0) >= node.level);
}

/** Makes the heading (with its subtree) one level deeper (+1) or higher (-1). */
export function changeLevel(nodes: OutlineNode[], key: string, change: -1 | 1): OutlineNode[] {
  if (!canChangeLevel(nodes, key, change)) return nodes;
  const index = nodes.findIndex((node) => node.key === key);
  const end = subtreeEnd(nodes, index);
  return normalize(
    nodes.map((node, at) =>
      at >= index && at < end
        ? { ...node, level: Math.max(MIN_LEVEL, Math.min(MAX_LEVEL, node.level + change)) }
        : node,
    ),
  );
}

/**
 * The paper's content for Save and for refinement: the title as the level-1 heading, then each
 * heading with one paragraph holding its purpose as a comment (a note to the author, not paper
 * text) and its works as a citation, so the saved paper's headings show both and the works are
 * in its references. Written through the document module.
 */
export function outlineMarkdown(title: string, nodes: readonly OutlineNode[]): string {
  const content: JSONContent[] = [heading(1, title)];
  for (const node of nodes) {
    content.push(heading(node.level, node.title.trim() || 'Untitled'));
    const body: JSONContent[] = [];
    const purpose = node.purpose.trim();
    if (purpose) body.push({ type: 'text', text: purpose, marks: [comment(purpose)] });
    const refIds = [...new Set(node.works.map((work) => work.refId))];
    if (refIds.length > 0) {
      if (body.length > 0) body.push({ type: 'text', text: ' ' });
      body.push({ type: 'reference', attrs: { refIds } });
    }
    if (body.length > 0) content.push({ type: 'paragraph', content: body });
  }
  return jsonToMarkdown({ type: 'doc', content });
}

function heading(level: number, text: string): JSONContent {
  return {
    type: 'numberedHeading',
    attrs: { level },
    content: text ? [{ type: 'text', text }] : [],
  };
}

function comment(note: string) {
  return { type: 'comment', attrs: { comment: note } };
}

/**
 * Reads a structure back from markdown (a refinement's result): each heading of level 2 to 5
 * with the first comment under it as its purpose (or its first paragraph's text when it has
 * no comment) and the works it cites, described from `known` when the work is known there.
 */
export function outlineFromMarkdown(
  markdown: string,
  known: ReadonlyMap<string, SectionWork>,
): OutlineNode[] {
  const sections: StructureSection[] = [];
  let current: StructureSection | null = null;
  let firstText = '';
  const finish = () => {
    if (current && !current.purpose) current.purpose = firstText;
  };
  parseMarkdown(markdown).forEach((block) => {
    if (block.type.name === 'numberedHeading') {
      finish();
      const level = Number(block.attrs.level);
      current =
        level >= MIN_LEVEL
          ? {
              level: Math.min(level, MAX_LEVEL),
              title: block.textContent.trim(),
              purpose: '',
              works: [],
            }
          : null;
      firstText = '';
      if (current) sections.push(current);
      return;
    }
    const section = current;
    if (!section) return;
    block.descendants((node) => {
      if (node.type.name === 'reference') {
        for (const refId of (node.attrs.refIds as string[]) ?? []) {
          if (section.works.some((work) => work.refId === refId)) continue;
          section.works.push(known.get(refId) ?? { refId, title: refId, authors: [], year: null });
        }
      }
      const note = node.marks.find((mark) => mark.type.name === 'comment');
      if (!section.purpose && note) section.purpose = String(note.attrs.comment ?? '').trim();
      return true;
    });
    if (!firstText && block.type.name === 'paragraph') firstText = block.textContent.trim();
  });
  finish();
  return outlineFromSections(sections);
}

/** Every work the outline names, each once, in order. */
export function outlineWorks(nodes: readonly OutlineNode[]): SectionWork[] {
  const seen = new Map<string, SectionWork>();
  for (const node of nodes)
    for (const work of node.works) if (!seen.has(work.refId)) seen.set(work.refId, work);
  return [...seen.values()];
}
