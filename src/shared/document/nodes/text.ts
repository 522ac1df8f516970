import { Node } from '@tiptap/core';

/** Plain text. Escaping it for markdown is the serializer's job (markdown/escape-text.ts). */
export const Text = Node.create({
  name: 'text',
  group: 'inline',
});
