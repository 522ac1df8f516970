import {
  AlignmentType,
  Bookmark,
  BorderStyle,
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  ImageRun,
  InternalHyperlink,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { MERMAID_LANGUAGE } from '../../../shared/document';
import { exportableUrl } from '../../../shared/links/safe-url';
import type { ExportCitation, ExportPaper } from '../export-paper';
import { latexToOmml } from './equation-omml';
import { imageFromDataUrl } from '../image-data';

/** A diagram drawn by the export browser, in document order; null when it failed to render. */
export type DiagramImage = { png: Buffer; width: number; height: number } | null;

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];
const RED = 'B00020';
const MONO = 'Liberation Mono';
/** List levels Word supports (w:ilvl 0 to 8). */
const WORD_LIST_LEVELS = 9;

interface CommentEntry {
  id: number;
  text: string;
}

/**
 * The paper as a Word document built from the document model: Word heading styles (so the
 * navigation pane and the table of contents work), native equations (OMML), real tables,
 * images, comments as Word comments, citations as internal links to bookmarked entries, and
 * footnotes for note styles.
 */
export async function renderDocx(
  paper: ExportPaper,
  diagrams: readonly DiagramImage[],
): Promise<Buffer> {
  const cite = paper.citations();
  const comments: CommentEntry[] = [];
  const footnotes: Record<number, { children: Paragraph[] }> = {};
  let diagramIndex = 0;
  let listInstance = 0;
  let referencesPlaced = false;
  const blocks: (Paragraph | Table | TableOfContents)[] = [];

  if (!paper.titleInDocument && paper.title.trim() !== '') {
    blocks.push(
      new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(paper.title)] }),
    );
  }

  const inlineChildren = (node: ProseMirrorNode): ParagraphChild[] => {
    const children: ParagraphChild[] = [];
    let openComment: { mark: Mark; id: number } | null = null;
    const closeComment = () => {
      if (openComment === null) return;
      children.push(new CommentRangeEnd(openComment.id));
      children.push(new TextRun({ children: [new CommentReference(openComment.id)] }));
      openComment = null;
    };
    node.forEach((child) => {
      const comment = child.marks.find((mark) => mark.type.name === 'comment') ?? null;
      if (openComment && (!comment || !comment.eq(openComment.mark))) closeComment();
      if (comment && openComment === null) {
        const id = comments.length;
        comments.push({ id, text: String(comment.attrs.comment ?? '') });
        openComment = { mark: comment, id };
        children.push(new CommentRangeStart(id));
      }
      children.push(...inlineNode(child));
    });
    closeComment();
    return children;
  };

  const inlineNode = (node: ProseMirrorNode): ParagraphChild[] => {
    const style = runStyle(node.marks);
    switch (node.type.name) {
      case 'text': {
        const run = new TextRun({ text: node.text ?? '', ...style });
        const link = node.marks.find((mark) => mark.type.name === 'link');
        const href = link ? exportableUrl(String(link.attrs.href ?? '')) : null;
        if (href !== null) {
          return [
            new ExternalHyperlink({
              link: href,
              children: [new TextRun({ text: node.text ?? '', ...style, style: 'Hyperlink' })],
            }),
          ];
        }
        return [run];
      }
      case 'hardBreak':
        return [new TextRun({ break: 1 })];
      case 'inlineEquation':
        return [equation(String(node.attrs.latex ?? ''))];
      case 'reference':
        return citationRuns(cite(node.attrs.refIds as string[]), footnotes);
      case 'image':
        return [imageRun(node)];
      default:
        return [new TextRun({ text: node.textContent, ...style })];
    }
  };

  const block = (node: ProseMirrorNode, pos: number | null, listLevel: number): void => {
    switch (node.type.name) {
      case 'paragraph':
        blocks.push(new Paragraph({ children: inlineChildren(node) }));
        return;
      case 'numberedHeading': {
        const level = Math.min(6, Math.max(1, Number(node.attrs.level) || 1));
        const number = pos === null ? '' : (paper.headingNumbers.get(pos) ?? '');
        const prefix = number === '' ? [] : [new TextRun(`${number} `)];
        blocks.push(
          new Paragraph({
            heading: pos === 0 && paper.titleInDocument ? HeadingLevel.TITLE : HEADINGS[level - 1],
            children: [...prefix, ...inlineChildren(node)],
          }),
        );
        return;
      }
      case 'bulletList':
      case 'orderedList': {
        const ordered = node.type.name === 'orderedList';
        const instance = ++listInstance;
        // Word numbers nine levels: deeper items stay on the ninth, in order, not indented further.
        const level = Math.min(listLevel, WORD_LIST_LEVELS - 1);
        node.forEach((item) => {
          item.forEach((child, _offset, index) => {
            if (child.type.name === 'paragraph') {
              const marker =
                index === 0
                  ? ordered
                    ? { numbering: { reference: 'ordered', level, instance } }
                    : { bullet: { level } }
                  : { indent: { left: 720 * (level + 1) } };
              blocks.push(new Paragraph({ ...marker, children: inlineChildren(child) }));
            } else block(child, null, listLevel + 1);
          });
        });
        return;
      }
      case 'blockquote':
        node.forEach((child) => {
          if (child.type.name === 'paragraph') {
            blocks.push(
              new Paragraph({ indent: { left: 720, right: 720 }, children: inlineChildren(child) }),
            );
          } else block(child, null, listLevel);
        });
        return;
      case 'horizontalRule':
        blocks.push(
          new Paragraph({
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '999999', space: 1 } },
            children: [],
          }),
        );
        return;
      case 'codeBlock': {
        if (String(node.attrs.language ?? '') === MERMAID_LANGUAGE) {
          blocks.push(diagramParagraph(diagrams[diagramIndex++] ?? null, node.textContent));
          return;
        }
        const lines = node.textContent.split('\n');
        blocks.push(
          new Paragraph({
            shading: { type: ShadingType.CLEAR, fill: 'F5F5F5', color: 'auto' },
            children: lines.map(
              (line, index) =>
                new TextRun({ text: line, font: MONO, size: 18, break: index === 0 ? 0 : 1 }),
            ),
          }),
        );
        return;
      }
      case 'blockEquation':
        blocks.push(
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: [equation(String(node.attrs.latex ?? ''))],
          }),
        );
        return;
      case 'table':
        blocks.push(tableOf(node, inlineChildren));
        return;
      case 'bibliographyBlock':
        if (!referencesPlaced) {
          blocks.push(...referenceParagraphs(paper, false));
          referencesPlaced = true;
        }
        return;
      default:
        blocks.push(new Paragraph({ children: [new TextRun(node.textContent)] }));
    }
  };

  // The table of contents follows the title, whether the paper has one or the export adds it.
  const contents = new TableOfContents('Contents', { hyperlink: true, headingStyleRange: '1-5' });
  if (!paper.titleInDocument) blocks.push(contents);
  paper.doc.forEach((child, offset) => {
    block(child, offset, 0);
    if (paper.titleInDocument && offset === 0) blocks.push(contents);
  });
  if (!referencesPlaced && paper.references.length > 0) {
    blocks.push(...referenceParagraphs(paper, paper.referencesNeedHeading));
  }

  const document = new Document({
    title: paper.title,
    creator: 'Scriptor',
    features: { updateFields: true },
    styles: {
      default: { document: { run: { font: 'Liberation Serif', size: 23 } } },
    },
    numbering: {
      config: [
        {
          reference: 'ordered',
          levels: Array.from({ length: WORD_LIST_LEVELS }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    comments: {
      children: comments.map((comment) => ({
        id: comment.id,
        author: 'Scriptor',
        children: [new Paragraph({ children: [new TextRun(comment.text)] })],
      })),
    },
    footnotes,
    sections: [{ children: blocks }],
  });
  return Packer.toBuffer(document);
}

function runStyle(marks: readonly Mark[]) {
  const has = (name: string) => marks.some((mark) => mark.type.name === name);
  return {
    bold: has('bold') || undefined,
    italics: has('italic') || undefined,
    strike: has('strike') || undefined,
    font: has('code') ? MONO : undefined,
  };
}

function equation(latex: string): ParagraphChild {
  return (
    latexToOmml(latex) ??
    new TextRun({ text: `[Equation error: ${latex}]`, color: RED, font: MONO })
  );
}

function imageRun(node: ProseMirrorNode): ParagraphChild {
  const src = String(node.attrs.src ?? '');
  const image = imageFromDataUrl(src, {
    width: Number(node.attrs.width) > 0 ? Number(node.attrs.width) : null,
    height: Number(node.attrs.height) > 0 ? Number(node.attrs.height) : null,
  });
  if (image === null) {
    return new TextRun({ text: `[Image not included: ${src.slice(0, 200)}]`, color: RED });
  }
  return new ImageRun({
    type: image.type,
    data: image.data,
    transformation: { width: image.width, height: image.height },
    altText: {
      name: String(node.attrs.alt ?? 'Image'),
      description: String(node.attrs.alt ?? ''),
      title: String(node.attrs.title ?? ''),
    },
  });
}

function diagramParagraph(diagram: DiagramImage, source: string): Paragraph {
  if (diagram === null) {
    return new Paragraph({
      children: [new TextRun({ text: `[Mermaid Error] ${source}`, color: RED, font: MONO })],
    });
  }
  const scale = Math.min(1, 600 / diagram.width);
  return new Paragraph({
    alignment: AlignmentType.CENTER,
    children: [
      new ImageRun({
        type: 'png',
        data: diagram.png,
        transformation: {
          width: Math.round(diagram.width * scale),
          height: Math.round(diagram.height * scale),
        },
        altText: { name: 'Diagram', description: source, title: 'Diagram' },
      }),
    ],
  });
}

function citationRuns(
  citation: ExportCitation,
  footnotes: Record<number, { children: Paragraph[] }>,
): ParagraphChild[] {
  if (citation.note) {
    footnotes[citation.note.number] = {
      children: [new Paragraph({ children: [new TextRun(citation.note.text)] })],
    };
    return [new FootnoteReferenceRun(citation.note.number)];
  }
  const superScript = citation.superscript || undefined;
  return citation.segments.map((segment) => {
    if (segment.anchor === null) {
      const missing = segment.text.startsWith('[Missing');
      return new TextRun({ text: segment.text, superScript, color: missing ? RED : undefined });
    }
    return new InternalHyperlink({
      anchor: segment.anchor,
      children: [new TextRun({ text: segment.text, superScript, style: 'Hyperlink' })],
    });
  });
}

function referenceParagraphs(paper: ExportPaper, withHeading: boolean): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  if (withHeading) {
    paragraphs.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_2,
        children: [new TextRun(paper.referencesTitle)],
      }),
    );
  }
  for (const reference of paper.references) {
    const label = reference.label === '' ? '' : `${reference.label} `;
    paragraphs.push(
      new Paragraph({
        indent: { left: 720, hanging: 720 },
        spacing: { after: 120 },
        children: [
          new Bookmark({
            id: reference.anchor,
            children: [
              new TextRun({
                text: `${label}${reference.text}`,
                color: reference.missing ? RED : undefined,
              }),
            ],
          }),
        ],
      }),
    );
    if (reference.excerpt !== null) {
      paragraphs.push(
        new Paragraph({
          indent: { left: 720 },
          spacing: { after: 160 },
          children: [new TextRun({ text: reference.excerpt, size: 20, color: '444444' })],
        }),
      );
    }
  }
  return paragraphs;
}

function tableOf(
  node: ProseMirrorNode,
  inlineChildren: (node: ProseMirrorNode) => ParagraphChild[],
): Table {
  const rows: TableRow[] = [];
  node.forEach((row, _offset, rowIndex) => {
    const cells: TableCell[] = [];
    row.forEach((cell) => {
      const header = cell.type.name === 'tableHeader';
      const align =
        cell.attrs.align === 'center'
          ? AlignmentType.CENTER
          : cell.attrs.align === 'right'
            ? AlignmentType.RIGHT
            : AlignmentType.LEFT;
      const paragraphs: Paragraph[] = [];
      if (cell.inlineContent) {
        paragraphs.push(new Paragraph({ alignment: align, children: inlineChildren(cell) }));
      } else {
        cell.forEach((child) =>
          paragraphs.push(new Paragraph({ alignment: align, children: inlineChildren(child) })),
        );
      }
      cells.push(
        new TableCell({
          children: paragraphs.length > 0 ? paragraphs : [new Paragraph('')],
          shading: header ? { type: ShadingType.CLEAR, fill: 'F0F0F0', color: 'auto' } : undefined,
        }),
      );
    });
    rows.push(new TableRow({ tableHeader: rowIndex === 0, children: cells }));
  });
  return new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } });
}
