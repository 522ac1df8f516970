import {
  Extension,
  InputRule,
  markInputRule,
  textblockTypeInputRule,
  wrappingInputRule,
} from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import { MERMAID_LANGUAGE, looksLikeCitation } from '../../../shared/document';
import { DIAGRAM_TEMPLATE, insertDiagram } from '../commands/insert-diagram';
import type { EditorEnvironment } from './editor-environment';

/** `[[note]]` just typed: the note becomes commented text (the format's short comment form). */
const COMMENT_TYPED = /\[\[([^[\]\n]+)\]\]$/;
/** ```` ```mermaid ```` at the start of a line, then Space or Enter. */
const DIAGRAM_FENCE_TYPED = new RegExp(`^\`\`\`${MERMAID_LANGUAGE}[\\s\\n]$`);
/** ```` ```lang ```` (or a bare fence) at the start of a line, then Space or Enter. */
const FENCE_TYPED = /^```([^\s`]+)?[\s\n]$/;
/** `# ` to `###### ` at the start of a line. */
const HEADING_TYPED = /^(#{1,6})\s$/;
/** `- `, `* ` or `+ ` at the start of a line. */
const BULLET_TYPED = /^\s*([-+*])\s$/;
/** `1. ` (any number) at the start of a line. */
const NUMBERED_TYPED = /^(\d{1,9})\.\s$/;
/** `> ` at the start of a line. */
const QUOTE_TYPED = /^\s*>\s$/;
/** `**bold**` and `*italic*` just closed (the rules of Tiptap's own bold and italic). */
const BOLD_TYPED = /(?:^|\s)(\*\*(?!\s+\*\*)((?:[^*]+))\*\*(?!\s+\*\*))$/;
const ITALIC_TYPED = /(?:^|\s)(\*(?!\s+\*)((?:[^*]+))\*(?!\s+\*))$/;

/** The block markdown every modern editor understands as it is typed: headings, lists, quotes. */
function blockRules(schema: Schema): InputRule[] {
  const { numberedHeading, bulletList, orderedList, blockquote } = schema.nodes;
  const rules: InputRule[] = [];
  if (numberedHeading) {
    rules.push(
      textblockTypeInputRule({
        find: HEADING_TYPED,
        type: numberedHeading,
        getAttributes: (match) => ({ level: match[1]?.length ?? 1 }),
      }),
    );
  }
  if (bulletList) rules.push(wrappingInputRule({ find: BULLET_TYPED, type: bulletList }));
  if (orderedList) {
    rules.push(
      wrappingInputRule({
        find: NUMBERED_TYPED,
        type: orderedList,
        getAttributes: (match) => ({ start: Number(match[1]) }),
        joinPredicate: (match, node) => node.childCount + node.attrs.start === Number(match[1]),
      }),
    );
  }
  if (blockquote) rules.push(wrappingInputRule({ find: QUOTE_TYPED, type: blockquote }));
  return rules;
}

/**
 * Markdown typed into the editor becomes what it would be when loaded from markdown: `# ` to
 * `###### ` a heading, `- ` / `* ` / `+ ` a bullet list, `1. ` a numbered list, `> ` a quote,
 * `**bold**` and `*italic*` their marks (Backspace right after undoes a rule, leaving the typed
 * text); a `[[note]]` becomes a comment (a `[[ref_…]]` stays a citation), a code fence with a
 * language becomes a code block in that language, and a `mermaid` fence opens the diagram
 * dialog (a diagram's source is edited there, not inline).
 */
export function markdownInputRules(environment: EditorEnvironment) {
  return Extension.create({
    name: 'markdownInputRules',
    addInputRules() {
      const { editor } = this;
      const { comment, bold, italic } = editor.schema.marks;
      const { codeBlock } = editor.schema.nodes;
      const rules: InputRule[] = blockRules(editor.schema);
      if (bold) rules.push(markInputRule({ find: BOLD_TYPED, type: bold }));
      if (italic) rules.push(markInputRule({ find: ITALIC_TYPED, type: italic }));
      if (comment) {
        rules.push(
          markInputRule({
            find: COMMENT_TYPED,
            type: comment,
            getAttributes: (match) => {
              const note = match[1]?.trim() ?? '';
              return note === '' || looksLikeCitation(note) ? null : { comment: note };
            },
          }),
        );
      }
      if (codeBlock) {
        rules.push(
          new InputRule({
            find: DIAGRAM_FENCE_TYPED,
            handler: ({ state, range }) => {
              state.tr.delete(range.from, range.to);
              queueMicrotask(() =>
                environment.editMermaid({
                  title: 'Insert Mermaid Diagram',
                  value: DIAGRAM_TEMPLATE,
                  save: (code) => insertDiagram(editor, code),
                }),
              );
            },
          }),
          textblockTypeInputRule({
            find: FENCE_TYPED,
            type: codeBlock,
            getAttributes: (match) => ({ language: match[1] ?? null }),
          }),
        );
      }
      return rules;
    },
  });
}
