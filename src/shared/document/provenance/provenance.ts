/**
 * Provenance attributes and the helpers that put them on content (docs/provenance.md).
 */
import { Fragment, type Mark, type Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';
import { PROVENANCE_MARK } from '../marks/provenance';

export type ProvenanceSource = 'typed' | 'pasted' | 'ai' | 'ai-edited';

/** The AI features that write into a paper, as the record names them. */
export type AiFeature =
  | 'structure'
  | 'refinement'
  | 'writing-process'
  | 'rewrite-paper'
  | 'section-rewrite'
  | 'chat-insert'
  | 'analysis-insert'
  | 'offline';

export const AI_FEATURE_NAMES: Record<AiFeature, string> = {
  structure: 'structure generation',
  refinement: 'structure refinement',
  'writing-process': 'AI Writing Process',
  'rewrite-paper': 'Rewrite Paper',
  'section-rewrite': '✦ section rewrite',
  'chat-insert': 'chat',
  'analysis-insert': 'data analysis',
  offline: 'offline engine',
};

export interface ProvenanceAttrs {
  source: ProvenanceSource;
  /** The AI feature (ai, ai-edited). */
  feature: string | null;
  /** The model's provider-qualified name (ai, ai-edited). */
  model: string | null;
  /** When the AI wrote it, ISO 8601 (ai only: an edit keeps no time, so its runs merge). */
  at: string | null;
  /** The person who typed, pasted or edited it. */
  userId: string | null;
  userName: string | null;
}

/** A feature whose request named no model: the server chose one and does not report which. */
export const MODEL_NOT_RECORDED = 'an unrecorded model';

export interface Author {
  id: string;
  name: string;
}

export function aiProvenance(feature: AiFeature, model: string, at = new Date()): ProvenanceAttrs {
  return { source: 'ai', feature, model, at: at.toISOString(), userId: null, userName: null };
}

export function personProvenance(source: 'typed' | 'pasted', author: Author): ProvenanceAttrs {
  return { source, feature: null, model: null, at: null, userId: author.id, userName: author.name };
}

/** The AI text's provenance once `author` has edited inside it. */
export function editedProvenance(ai: ProvenanceAttrs, author: Author): ProvenanceAttrs {
  return {
    source: 'ai-edited',
    feature: ai.feature,
    model: ai.model,
    at: null,
    userId: author.id,
    userName: author.name,
  };
}

export function provenanceOf(marks: readonly Mark[]): ProvenanceAttrs | null {
  const mark = marks.find((candidate) => candidate.type.name === PROVENANCE_MARK);
  return mark ? (mark.attrs as ProvenanceAttrs) : null;
}

export function isAiSource(source: ProvenanceSource | undefined): boolean {
  return source === 'ai' || source === 'ai-edited';
}

/** `node` with every text and inline node inside it carrying `attrs` (replacing any other). */
export function withProvenance(
  node: ProseMirrorNode,
  attrs: ProvenanceAttrs,
  schema: Schema,
): ProseMirrorNode {
  const type = schema.marks[PROVENANCE_MARK];
  if (!type) return node;
  const mark = type.create(attrs);
  const mapNode = (child: ProseMirrorNode, parent: ProseMirrorNode): ProseMirrorNode => {
    if (child.isInline) {
      return parent.type.allowsMarkType(type) ? child.mark(mark.addToSet(child.marks)) : child;
    }
    const content: ProseMirrorNode[] = [];
    child.forEach((grandchild) => content.push(mapNode(grandchild, child)));
    return child.copy(Fragment.from(content));
  };
  return mapNode(node, node);
}

/** `node` without any provenance (what markdown and the merges compare). */
export function withoutProvenance(node: ProseMirrorNode): ProseMirrorNode {
  const mapNode = (child: ProseMirrorNode): ProseMirrorNode => {
    if (child.isInline) {
      return child.marks.some((mark) => mark.type.name === PROVENANCE_MARK)
        ? child.mark(child.marks.filter((mark) => mark.type.name !== PROVENANCE_MARK))
        : child;
    }
    const content: ProseMirrorNode[] = [];
    child.forEach((grandchild) => content.push(mapNode(grandchild)));
    return child.copy(Fragment.from(content));
  };
  return mapNode(node);
}
