import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { buildBibliography } from '../../shared/citations/bibliography';
import { citationStyle, type CitationStyle } from '../../shared/citations/citation-styles';
import { missingReferenceText } from '../../shared/citations/bibliography';
import { toWork } from '../../shared/citations/work-payload';
import type { Work } from '../../shared/citations/work';
import { headingNumbers, parseMarkdown } from '../../shared/document';
import {
  clusterOrderInStyle,
  formatReferencesInStyle,
  inTextLabelInStyle,
  noteTextInStyle,
} from '../citations/citation-style-registry';
import { excerpt } from './excerpt';
import { numericCitation } from './numeric-citation';

/** One entry of the exported reference list (spec 000 §7: sorted, identical texts merged). */
export interface ExportReference {
  /** The link target of every citation of this entry: 'xref_' plus the first refId's id. */
  anchor: string;
  refIds: string[];
  /** '[1]' or '1.' in numeric styles, '' otherwise. */
  label: string;
  text: string;
  /** The cited abstract's excerpt when 'Include cited abstracts' is on. */
  excerpt: string | null;
  missing: boolean;
}

/** A piece of an in-text citation; pieces with an anchor link to their reference entry. */
export interface CitationSegment {
  text: string;
  anchor: string | null;
}

export interface ExportCitation {
  segments: CitationSegment[];
  superscript: boolean;
  /** Note styles: the footnote this citation is. */
  note: ExportNote | null;
}

export interface ExportNote {
  number: number;
  text: string;
  /** The entries the note cites, for links. */
  anchors: string[];
}

export interface ExportPaper {
  title: string;
  doc: ProseMirrorNode;
  /**
   * Whether the document's first block is the paper's title: a level-1 heading saying the
   * title (any level-1 heading when the paper has no title). Otherwise every export prints the
   * title first, and the paper's level-1 headings are sections.
   */
  titleInDocument: boolean;
  style: CitationStyle;
  references: ExportReference[];
  /** Where the reference list goes: in place of the document's first bibliography, else last. */
  referencesTitle: string;
  /**
   * Whether the list added at the end needs a heading of its own: not when the document already
   * ends with a reference-list heading with nothing under it (the list goes under that one).
   */
  referencesNeedHeading: boolean;
  /** Display numbers of the top-level headings, by their position in `doc`. */
  headingNumbers: Map<number, string>;
  /** Yields the rendering of each citation node in document order; one cursor per renderer. */
  citations(): (refIds: readonly string[]) => ExportCitation;
  works: ReadonlyMap<string, Work>;
}

export interface ExportSource {
  title: string;
  content: string;
  /** The paper's stored citations (work payloads). */
  citations: readonly unknown[];
  citationStyle: string | null;
  includeAbstracts: boolean;
}

export function buildExportPaper(source: ExportSource): ExportPaper {
  const style = citationStyle(source.citationStyle);
  const doc = parseMarkdown(source.content);
  const works = new Map<string, Work>();
  for (const payload of source.citations) {
    try {
      const work = toWork(payload);
      works.set(work.refId, work);
    } catch {
      // A damaged stored citation is treated like a missing one: shown, never fatal.
    }
  }

  const cited = citationOrder(doc);
  const known = cited.filter((refId) => works.has(refId));
  const missing = cited.filter((refId) => !works.has(refId));
  const texts = formatReferencesInStyle(
    known.map((refId) => works.get(refId) as Work),
    style.id,
  );
  const entries = buildBibliography(
    known.map((refId, index) => ({ refId, reference: texts[index] ?? '' })),
  );
  const numeric = style.kind === 'numeric';
  const firstUse = new Map(known.map((refId, index) => [refId, index]));
  if (numeric) {
    entries.sort(
      (a, b) =>
        Math.min(...a.refIds.map(useOf(firstUse))) - Math.min(...b.refIds.map(useOf(firstUse))),
    );
  }
  const references: ExportReference[] = entries.map((entry, index) => ({
    anchor: entry.xrefId,
    refIds: entry.refIds,
    label: numeric ? numberLabel(style, index + 1) : '',
    text: entry.text,
    excerpt: source.includeAbstracts
      ? excerpt(works.get(entry.refIds[0] as string)?.abstract ?? null)
      : null,
    missing: false,
  }));
  for (const refId of missing) {
    references.push({
      anchor: `x${refId}`,
      refIds: [refId],
      label: '',
      text: missingReferenceText(refId),
      excerpt: null,
      missing: true,
    });
  }

  const anchorOf = new Map<string, ExportReference>();
  for (const reference of references) {
    for (const refId of reference.refIds) anchorOf.set(refId, reference);
  }

  const numbers = new Map(headingNumbers(doc).map((heading) => [heading.pos, heading.number]));

  return {
    title: source.title,
    doc,
    titleInDocument: leadsWithTitle(doc, source.title),
    style,
    references,
    referencesTitle: style.referencesTitle,
    referencesNeedHeading: !endsWithReferencesHeading(doc, style.referencesTitle),
    headingNumbers: numbers,
    works,
    citations: () => {
      let notes = 0;
      return (refIds) => {
        const targets = refIds.map((refId) => ({ refId, reference: anchorOf.get(refId) }));
        if (style.kind === 'note') {
          notes += 1;
          const citedWorks = refIds.flatMap((refId) => {
            const work = works.get(refId);
            return work ? [work] : [];
          });
          const missingIds = refIds.filter((refId) => !works.has(refId));
          const text = [
            citedWorks.length > 0 ? noteTextInStyle(citedWorks, style) : '',
            ...missingIds.map(missingReferenceText),
          ]
            .filter((part) => part !== '')
            .join('; ');
          const note: ExportNote = {
            number: notes,
            text,
            anchors: targets.flatMap(({ reference }) => (reference ? [reference.anchor] : [])),
          };
          return { segments: [{ text: String(notes), anchor: null }], superscript: true, note };
        }
        if (numeric) {
          return numericCitation(
            style,
            targets.map(({ refId, reference }) => {
              const known = reference && !reference.missing ? reference : null;
              return {
                refId,
                number: known ? references.indexOf(known) + 1 : null,
                anchor: known?.anchor ?? null,
              };
            }),
          );
        }
        return authorDateCitation(style, targets, works);
      };
    },
  };
}

function leadsWithTitle(doc: ProseMirrorNode, title: string): boolean {
  const first = doc.firstChild;
  if (first?.type.name !== 'numberedHeading' || Number(first.attrs.level) !== 1) return false;
  const plain = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  return plain(title) === '' || plain(first.textContent) === plain(title);
}

/** What papers call their reference list, besides the citation style's own title. */
const REFERENCE_LIST_TITLES = ['references', 'bibliography', 'reference list', 'works cited'];

function endsWithReferencesHeading(doc: ProseMirrorNode, styleTitle: string): boolean {
  const last = doc.lastChild;
  if (last?.type.name !== 'numberedHeading') return false;
  const text = last.textContent.replace(/\s+/g, ' ').trim().toLowerCase();
  return text === styleTitle.toLowerCase() || REFERENCE_LIST_TITLES.includes(text);
}

function useOf(firstUse: Map<string, number>) {
  return (refId: string) => firstUse.get(refId) ?? Number.MAX_SAFE_INTEGER;
}

/** Cited refIds in order of first citation, then those only listed in a bibliography. */
function citationOrder(doc: ProseMirrorNode): string[] {
  const ids: string[] = [];
  const seen = new Set<string>();
  const add = (refId: string) => {
    if (!seen.has(refId)) {
      seen.add(refId);
      ids.push(refId);
    }
  };
  const listed: string[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'reference') {
      for (const refId of node.attrs.refIds as string[]) add(refId);
    } else if (node.type.name === 'bibliography') {
      listed.push(node.attrs.refId as string);
    }
  });
  for (const refId of listed) add(refId);
  return ids;
}

/** The number before a reference entry, as each style's CSL bibliography prints it. */
function numberLabel(style: CitationStyle, number: number): string {
  if (style.id === 'ieee') return `[${number}]`;
  if (style.id === 'american-chemical-society') return `(${number})`;
  return `${number}.`;
}

function authorDateCitation(
  style: CitationStyle,
  targets: { refId: string; reference: ExportReference | undefined }[],
  works: ReadonlyMap<string, Work>,
): ExportCitation {
  const known = targets.flatMap(({ refId, reference }) => {
    const work = works.get(refId);
    return work && reference ? [{ work, reference }] : [];
  });
  const ordered = clusterOrderInStyle(
    known.map(({ work }) => work),
    style,
  );
  const parts: CitationSegment[] = [
    ...ordered.map((work) => ({
      text: inTextLabelInStyle(work, style),
      anchor: known.find((entry) => entry.work === work)?.reference.anchor ?? null,
    })),
    // Unknown works keep their place at the end, shown, never dropped.
    ...targets
      .filter(({ refId, reference }) => !works.has(refId) || !reference)
      .map(({ refId }) => ({ text: missingReferenceText(refId), anchor: null })),
  ];
  return {
    segments: [{ text: '(', anchor: null }, ...joined(parts, '; '), { text: ')', anchor: null }],
    superscript: false,
    note: null,
  };
}

function joined(parts: CitationSegment[], separator: string): CitationSegment[] {
  return parts.flatMap((part, index) =>
    index === 0 ? [part] : [{ text: separator, anchor: null }, part],
  );
}
