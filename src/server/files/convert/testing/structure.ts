import type { Node } from '@tiptap/pm/model';
import { parseMarkdown } from '../../../../shared/document';

export interface Structure {
  headings: string[];
  listItems: string[];
  tableCells: string[];
  equations: string[];
}

/** What a converted markdown holds, read back through the document module. */
export function structureOf(markdown: string): Structure {
  const found: Structure = { headings: [], listItems: [], tableCells: [], equations: [] };
  parseMarkdown(markdown).descendants((node: Node) => {
    const name = node.type.name;
    if (name === 'numberedHeading') found.headings.push(node.textContent.trim());
    else if (name === 'listItem') found.listItems.push(node.textContent.trim());
    else if (name === 'tableCell' || name === 'tableHeader') {
      found.tableCells.push(node.textContent.trim());
    } else if (name === 'inlineEquation' || name === 'blockEquation') {
      found.equations.push(String(node.attrs.latex).replace(/\s+/g, ' ').trim());
    }
    return true;
  });
  return found;
}

/** The share of expected headings and table cells found, for the benchmark's score. */
export function structureScore(
  found: Structure,
  expected: Pick<Structure, 'headings' | 'tableCells'>,
): { found: number; present: number } {
  const headings = expected.headings.filter((text) => found.headings.includes(text)).length;
  const cells = expected.tableCells.filter((text) => found.tableCells.includes(text)).length;
  return {
    found: headings + cells,
    present: expected.headings.length + expected.tableCells.length,
  };
}
