import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { markdownFor } from '../markdown-io';

const REFERENCE_HEADING = /^(references|bibliography|works cited)$/i;

/** Markdown of a heading and paragraphs holding `text` literally. */
function escapeLine(line: string): string {
  return line.replace(/([\\`*_[\]#>$~!|-])/g, '\\$1');
}

/**
 * Puts the statement (and the appendix lines, as a list) at the end of the paper, before its
 * reference list when it ends with one. It is the person's own edit: the editor marks it as
 * typed by them.
 */
export function insertAiUseStatement(editor: Editor, statement: string, appendix: string[]): void {
  const paragraphs = statement
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .map(escapeLine);
  const parts = ['## AI use statement', ...paragraphs];
  if (appendix.length > 0) {
    parts.push(
      '## Appendix: AI contributions',
      appendix.map((line) => `- ${escapeLine(line)}`).join('\n'),
    );
  }
  const blocks: ProseMirrorNode[] = [];
  markdownFor(editor.schema)
    .parse(parts.join('\n\n'))
    .forEach((node) => blocks.push(node));
  const { doc } = editor.state;
  let at = doc.content.size;
  doc.forEach((node, offset) => {
    if (node.type.name === 'numberedHeading' && REFERENCE_HEADING.test(node.textContent.trim())) {
      at = offset;
    }
  });
  editor.view.dispatch(editor.state.tr.insert(at, blocks).scrollIntoView());
}
