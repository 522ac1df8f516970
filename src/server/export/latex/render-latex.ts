import katex from 'katex';
import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Work } from '../../../shared/citations/work';
import { MERMAID_LANGUAGE } from '../../../shared/document';
import { exportableUrl } from '../../../shared/links/safe-url';
import { bibtexEntry } from '../../citations/export/bibtex';
import { citationKeys } from '../../citations/export/citation-key';
import type { DiagramImage } from '../docx/render-docx';
import type { ExportPaper } from '../export-paper';
import { isLoadableImage } from '../image-data';
import { escapeLatex, escapeUrl } from './escape-latex';
import { safeMath } from './safe-math';

const SECTIONS = ['section', 'subsection', 'subsubsection', 'paragraph', 'subparagraph'];
const LATEX_LIST_LEVELS = 4;

/** A drawn Mermaid diagram, written beside document.tex under `name`. */
export interface LatexFigure {
  name: string;
  png: Buffer;
}

export interface LatexExport {
  tex: string;
  /** The figures document.tex includes; none when the paper has no drawn diagram. */
  figures: LatexFigure[];
}

/** Widths as the Word export sets them: 600 px is the text width, a smaller diagram stays small. */
const FIGURE_TEXT_WIDTH_PX = 600;

/**
 * One document.tex that compiles as it is with pdflatex and biber: the bibliography travels
 * inside it (filecontents writes document.bib on the first run), citations are biblatex
 * \autocite commands in the paper's style, equations are kept verbatim. Mermaid diagrams drawn
 * by the export's Chromium (`diagrams`, in document order as renderDiagramImages answers them)
 * are figures in `figures/` beside the .tex (docs/export.md); a diagram Mermaid cannot read,
 * and images, become framed placeholder figures that name what to include. An equation LaTeX
 * would not accept becomes a visible placeholder.
 */
export function renderLatex(
  paper: ExportPaper,
  diagrams: readonly DiagramImage[] = [],
): LatexExport {
  const diagramOf = new Map<ProseMirrorNode, number>();
  paper.doc.descendants((node) => {
    if (node.type.name === 'codeBlock' && node.attrs.language === MERMAID_LANGUAGE) {
      diagramOf.set(node, diagramOf.size);
    }
  });
  const figures: LatexFigure[] = [];
  const figure = (node: ProseMirrorNode): string | null => {
    const drawn = diagrams[diagramOf.get(node) ?? -1];
    if (!drawn) return null;
    const name = `figures/diagram-${figures.length + 1}.png`;
    figures.push({ name, png: drawn.png });
    const width = Math.min(1, drawn.width / FIGURE_TEXT_WIDTH_PX).toFixed(2);
    return [
      '\\begin{figure}[htbp]',
      '\\centering',
      `\\includegraphics[width=${width}\\linewidth]{${name}}`,
      '\\end{figure}',
      '',
    ].join('\n');
  };
  const cited = paper.references.filter((reference) => !reference.missing);
  const works = cited.map((reference) => paper.works.get(reference.refIds[0] as string) as Work);
  const keys = citationKeys(works);
  const keyOf = new Map<string, string>();
  cited.forEach((reference, index) => {
    for (const refId of reference.refIds) keyOf.set(refId, keys[index] as string);
  });
  const cite = paper.citations();

  const inline = (node: ProseMirrorNode): string => {
    let latex = '';
    node.forEach((child) => {
      latex += inlineNode(child);
    });
    return latex;
  };

  const inlineNode = (node: ProseMirrorNode): string => {
    switch (node.type.name) {
      case 'text':
        return wrapMarks(escapeLatex(node.text ?? ''), node.marks);
      case 'hardBreak':
        return '\\\\\n';
      case 'inlineEquation':
        return math(String(node.attrs.latex ?? ''), false);
      case 'reference': {
        cite(node.attrs.refIds as string[]);
        const refIds = node.attrs.refIds as string[];
        const known = refIds.flatMap((refId) => {
          const key = keyOf.get(refId);
          return key ? [key] : [];
        });
        const missing = refIds.filter((refId) => !keyOf.has(refId));
        const parts = [
          known.length > 0 ? `\\autocite{${known.join(',')}}` : '',
          ...missing.map((refId) => `\\textcolor{red}{[Missing reference: ${escapeLatex(refId)}]}`),
        ];
        return parts.filter(Boolean).join(' ');
      }
      case 'image': {
        const src = String(node.attrs.src ?? '');
        if (!isLoadableImage(src)) {
          return placeholder(`[Image not included: ${src.slice(0, 200)}]`, null);
        }
        return placeholder(`Image: ${String(node.attrs.alt ?? '') || 'untitled'}`, null);
      }
      default:
        return escapeLatex(node.textContent);
    }
  };

  const out: string[] = [];
  let referencesPlaced = false;
  let listDepth = 0;
  const block = (node: ProseMirrorNode): void => {
    switch (node.type.name) {
      case 'paragraph':
        out.push(`${inline(node)}\n`);
        return;
      case 'numberedHeading': {
        const level = Number(node.attrs.level) || 1;
        if (level === 1 && node === paper.doc.firstChild && paper.titleInDocument) {
          out.push(titleBlock(inline(node)));
          return;
        }
        if (level === 1) {
          // An unnumbered part of the paper; its sections are numbered from 1, as in the editor.
          out.push(`\\section*{${inline(node)}}\n\\setcounter{section}{0}\n`);
          return;
        }
        const command = SECTIONS[Math.min(level - 2, SECTIONS.length - 1)] as string;
        out.push(`\\${command}{${inline(node)}}\n`);
        return;
      }
      case 'bulletList':
      case 'orderedList': {
        const environment = node.type.name === 'bulletList' ? 'itemize' : 'enumerate';
        // LaTeX nests lists four deep ('Too deeply nested' beyond): deeper items join the fourth.
        const opens = listDepth < LATEX_LIST_LEVELS;
        if (opens) out.push(`\\begin{${environment}}`);
        listDepth += 1;
        node.forEach((item) => {
          out.push('\\item');
          item.forEach(block);
        });
        listDepth -= 1;
        if (opens) out.push(`\\end{${environment}}\n`);
        return;
      }
      case 'blockquote':
        out.push('\\begin{quote}');
        node.forEach(block);
        out.push('\\end{quote}\n');
        return;
      case 'horizontalRule':
        out.push('\\noindent\\rule{\\linewidth}{0.4pt}\n');
        return;
      case 'codeBlock': {
        const text = node.textContent;
        if (String(node.attrs.language ?? '') === MERMAID_LANGUAGE) {
          out.push(figure(node) ?? placeholder('[Mermaid Error] (its source below)', text));
          return;
        }
        out.push(`\\begin{verbatim}\n${safeVerbatim(text)}\n\\end{verbatim}\n`);
        return;
      }
      case 'blockEquation':
        out.push(`${math(String(node.attrs.latex ?? ''), true)}\n`);
        return;
      case 'table':
        out.push(table(node, inline));
        return;
      case 'bibliographyBlock':
        // In the paper's own place, under its own heading: the list adds none.
        if (!referencesPlaced) {
          out.push(printBibliography(paper, false));
          referencesPlaced = true;
        }
        return;
      default:
        out.push(`${escapeLatex(node.textContent)}\n`);
    }
  };

  if (!paper.titleInDocument && paper.title.trim() !== '') {
    out.push(titleBlock(escapeLatex(paper.title)));
  }
  paper.doc.forEach(block);
  if (!referencesPlaced && paper.references.length > 0)
    out.push(printBibliography(paper, paper.referencesNeedHeading));

  const bib = works
    .map((work, index) =>
      bibtexEntry(work, keys[index] as string, { usera: cited[index]?.excerpt ?? null }),
    )
    .join('\n\n');
  const nocite = keys.length > 0 ? `\\nocite{${keys.join(',')}}\n` : '';
  const tex = `${preamble(paper, bib)}
\\begin{document}
${nocite}
${out.join('\n')}
\\end{document}
`;
  return { tex, figures };
}

function preamble(paper: ExportPaper, bib: string): string {
  const style = paper.style.biblatexStyle;
  const apa = style === 'apa' ? '\\DeclareLanguageMapping{american}{american-apa}\n' : '';
  return `% Exported by Scriptor. Compile with: latexmk -pdf document.tex
% (or pdflatex, biber, pdflatex, pdflatex). The bibliography is written to
% \\jobname.bib by the filecontents environment below on the first run.
\\begin{filecontents*}[overwrite]{\\jobname.bib}
${bib}
\\end{filecontents*}
\\documentclass[11pt,a4paper]{article}
\\usepackage[T1]{fontenc}
\\usepackage[utf8]{inputenc}
\\usepackage{lmodern}
\\usepackage[american]{babel}
\\usepackage{csquotes}
\\usepackage{amsmath,amssymb}
\\usepackage{graphicx}
\\usepackage{booktabs}
\\usepackage{xcolor}
\\usepackage[normalem]{ulem}
${biblatexPackage(style)}
${apa}\\addbibresource{\\jobname.bib}
% 'Include cited abstracts': the excerpt (field usera, which no style prints) under each entry
% of the reference list, not in notes.
\\renewbibmacro*{finentry}{\\finentry\\ifbibliography{\\iffieldundef{usera}{}{\\par\\nobreak\\small\\printfield{usera}}}{}}
\\usepackage[hidelinks]{hyperref}
\\hypersetup{pdftitle={${escapeLatex(paper.title)}}}
`;
}

// biblatex-chicago is loaded as its own package, with the variant as an option.
function biblatexPackage(style: string): string {
  if (style === 'chicago-notes') return '\\usepackage[notes,backend=biber]{biblatex-chicago}';
  if (style === 'chicago-authordate') {
    return '\\usepackage[authordate,backend=biber]{biblatex-chicago}';
  }
  return `\\usepackage[backend=biber,style=${style}]{biblatex}`;
}

function titleBlock(title: string): string {
  return `{\\centering\\LARGE\\bfseries ${title}\\par}\n\\bigskip\n`;
}

function printBibliography(paper: ExportPaper, withHeading: boolean): string {
  const missing = paper.references
    .filter((reference) => reference.missing)
    .map((reference) => `\\noindent\\textcolor{red}{${escapeLatex(reference.text)}}\\par`);
  const options = withHeading ? `title={${escapeLatex(paper.referencesTitle)}}` : 'heading=none';
  return [`\\printbibliography[${options}]`, ...missing, ''].join('\n');
}

/**
 * An equation KaTeX reads and whose commands are all on the math allow-list (`safe-math.ts`):
 * the one file a co-author or a journal compiles must not be able to run anything else.
 */
function math(source: string, display: boolean): string {
  // A blank line ends a paragraph, which TeX refuses inside math.
  const latex = source.trim().replace(/\n\s*\n/g, '\n');
  const safe = katexReads(latex, display) ? safeMath(latex) : null;
  if (!safe?.ok) {
    const text = `\\textcolor{red}{[Equation error: \\texttt{${escapeLatex(latex)}}]}`;
    return display ? `\\begin{center}${text}\\end{center}` : text;
  }
  return display ? `\\[\n${safe.latex}\n\\]` : `$${safe.latex}$`;
}

function katexReads(latex: string, display: boolean): boolean {
  try {
    katex.renderToString(latex, { throwOnError: true, displayMode: display });
    return true;
  } catch {
    return false;
  }
}

function placeholder(label: string, source: string | null): string {
  const verbatim =
    source === null ? '' : `\n\\begin{verbatim}\n${safeVerbatim(source)}\n\\end{verbatim}`;
  return `\\begin{figure}[htbp]
\\centering
\\fbox{\\parbox{0.8\\linewidth}{\\centering\\small ${escapeLatex(label)}}}${verbatim}
\\end{figure}
`;
}

// A line '\end{verbatim}' inside would end the environment early.
function safeVerbatim(text: string): string {
  return text.replace(/\\end\{verbatim\}/g, '\\end {verbatim}');
}

function table(node: ProseMirrorNode, inline: (node: ProseMirrorNode) => string): string {
  const rows: string[][] = [];
  let aligns: string[] = [];
  node.forEach((row, _offset, index) => {
    const cells: string[] = [];
    const rowAligns: string[] = [];
    row.forEach((cell) => {
      rowAligns.push(
        cell.attrs.align === 'right' ? 'r' : cell.attrs.align === 'center' ? 'c' : 'l',
      );
      if (cell.inlineContent) cells.push(inline(cell));
      else {
        const parts: string[] = [];
        cell.forEach((child) => parts.push(inline(child)));
        cells.push(parts.join(' '));
      }
    });
    if (index === 0) aligns = rowAligns;
    rows.push(cells);
  });
  const columns = Math.max(aligns.length, ...rows.map((row) => row.length));
  while (aligns.length < columns) aligns.push('l');
  const lines = rows.map((row) => {
    const padded = [...row, ...Array<string>(columns - row.length).fill('')];
    return `${padded.join(' & ')} \\\\`;
  });
  const [header, ...body] = lines;
  return `\\begin{table}[htbp]
\\centering
\\begin{tabular}{${aligns.join('')}}
\\toprule
${header ?? ''}
\\midrule
${body.join('\n')}
\\bottomrule
\\end{tabular}
\\end{table}
`;
}

function wrapMarks(latex: string, marks: readonly Mark[]): string {
  return marks.reduceRight((inner, mark) => {
    switch (mark.type.name) {
      case 'bold':
        return `\\textbf{${inner}}`;
      case 'italic':
        return `\\emph{${inner}}`;
      case 'strike':
        return `\\sout{${inner}}`;
      case 'code':
        return `\\texttt{${inner}}`;
      case 'link': {
        const href = exportableUrl(String(mark.attrs.href ?? ''));
        return href === null ? inner : `\\href{${escapeUrl(href)}}{${inner}}`;
      }
      case 'comment':
        // Kept in the source, not printed (as Word keeps comments aside); {} keeps the space after.
        return `${inner}\\iffalse ${escapeLatex(String(mark.attrs.comment ?? ''))} \\fi{}`;
      default:
        return inner;
    }
  }, latex);
}
