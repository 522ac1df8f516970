import { getSchema } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { Paragraph } from './nodes/paragraph';
import {
  createMarkdownConverter,
  documentExtensions,
  jsonToMarkdown,
  markdownToJSON,
  schema,
} from './schema';

describe('document schema', () => {
  it('has every node and mark of the format', () => {
    expect(Object.keys(schema.nodes).sort()).toEqual(
      [
        'bibliography',
        'bibliographyBlock',
        'blockEquation',
        'blockquote',
        'bulletList',
        'codeBlock',
        'doc',
        'hardBreak',
        'horizontalRule',
        'image',
        'inlineEquation',
        'listItem',
        'numberedHeading',
        'orderedList',
        'paragraph',
        'reference',
        'table',
        'tableCell',
        'tableHeader',
        'tableRow',
        'text',
      ].sort(),
    );
    expect(Object.keys(schema.marks).sort()).toEqual([
      'bold',
      'code',
      'comment',
      'italic',
      'link',
      'provenance',
      'strike',
    ]);
  });

  it('gives table nodes the roles prosemirror-tables looks for', () => {
    expect(schema.nodes.table?.spec.tableRole).toBe('table');
    expect(schema.nodes.tableRow?.spec.tableRole).toBe('row');
    expect(schema.nodes.tableCell?.spec.tableRole).toBe('cell');
    expect(schema.nodes.tableHeader?.spec.tableRole).toBe('header_cell');
  });

  it('converts markdown to JSON and back', () => {
    const markdown = '## A [ref_abc12345]\n\n$$x$$';
    const json = markdownToJSON(markdown);
    expect(json.content?.[1]).toEqual({ type: 'blockEquation', attrs: { latex: 'x' } });
    expect(jsonToMarkdown(json)).toBe(markdown);
  });

  it('rejects JSON that is not a valid document', () => {
    expect(() =>
      jsonToMarkdown({ type: 'doc', content: [{ type: 'text', text: 'loose text' }] }),
    ).toThrow();
  });

  it('works with extensions the editor extends', () => {
    const extended = documentExtensions.map((extension) =>
      extension.name === 'paragraph' ? Paragraph.extend({ draggable: true }) : extension,
    );
    const converter = createMarkdownConverter(getSchema(extended));
    const doc = converter.parse('Some **text**.');
    expect(doc.type.schema.nodes.paragraph?.spec.draggable).toBe(true);
    expect(converter.serialize(doc)).toBe('Some **text**.');
  });
});
