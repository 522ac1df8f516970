import { Extension, InputRule, markInputRule, textblockTypeInputRule } from '@tiptap/core';
import { MERMAID_LANGUAGE, looksLikeCitation } from '../../../shared/document';
import { DIAGRAM_TEMPLATE, insertDiagram } from '../commands/insert-diagram';
import type { EditorEnvironment } from './editor-environment';

/** `[[note]]` just typed: the note becomes commented text (the format's short comment form). */
const COMMENT_TYPED = /\[\[([^[\]\n]+)\]\]$/;
/** ```` ```mermaid ```` at the start of a line, then Space or Enter. */
const DIAGRAM_FENCE_TYPED = new RegExp(`^\`\`\`${MERMAID_LANGUAGE}[\\s\\n]$`);
/** ```` ```lang ```` (or a bare fence) at the start of a line, then Space or Enter. */
const FENCE_TYPED = /^```([^\s`]+)?[\s\n]$/;

/**
 * Markdown typed into the editor becomes what it would be when loaded from markdown: a
 * `[[note]]` becomes a comment (a `[[ref_…]]` stays a citation), a code fence with a
 * language becomes a code block in that language, and a `mermaid` fence opens the diagram
 * dialog (a diagram's source is edited there, not inline).
 */
export function markdownInputRules(environment: EditorEnvironment) {
  return Extension.create({
    name: 'markdownInputRules',
    addInputRules() {
      const { editor } = this;
      const { comment } = editor.schema.marks;
      const { codeBlock } = editor.schema.nodes;
      const rules: InputRule[] = [];
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
