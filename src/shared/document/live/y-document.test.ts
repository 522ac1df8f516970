import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyMarkdown, markdownToYDoc, yDocToMarkdown } from './y-document';

const fixtures = Object.entries(
  import.meta.glob<string>('../fixtures/*.md.txt', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
)
  .map(([path, text]) => ({
    name: path.replace('../fixtures/', ''),
    markdown: text.replace(/\n$/, ''),
  }))
  .filter((fixture) => !/\.input\.md\.txt$/.test(fixture.name));

/** A copy made as a client would receive it: through an encoded update. */
function copyOf(ydoc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(ydoc));
  return copy;
}

describe('live document', () => {
  it.each(fixtures)('$name passes markdown → Y doc → markdown unchanged', ({ markdown }) => {
    expect(yDocToMarkdown(copyOf(markdownToYDoc(markdown)))).toBe(markdown);
  });

  it.each(fixtures)('$name applied over an empty document reads back unchanged', ({ markdown }) => {
    const ydoc = new Y.Doc();
    applyMarkdown(ydoc, markdown, 'test');
    expect(yDocToMarkdown(ydoc)).toBe(markdown);
  });

  it('applies a whole markdown string as a change that keeps concurrent typing', () => {
    const server = markdownToYDoc('# Intro\n\nThe first sentence.\n\nA second paragraph.');
    const editor = copyOf(server);
    // The editor types at the end of the first paragraph while an API client replaces the
    // second paragraph's text, computed from the state before that typing.
    const paragraph = editor.getXmlFragment('default').get(1) as Y.XmlElement;
    (paragraph.get(0) as Y.XmlText).insert('The first sentence.'.length, ' Typed meanwhile.');
    applyMarkdown(server, '# Intro\n\nThe first sentence.\n\nA rewritten paragraph.', 'api');
    Y.applyUpdate(server, Y.encodeStateAsUpdate(editor));
    Y.applyUpdate(editor, Y.encodeStateAsUpdate(server));
    const expected = '# Intro\n\nThe first sentence. Typed meanwhile.\n\nA rewritten paragraph.';
    expect(yDocToMarkdown(server)).toBe(expected);
    expect(yDocToMarkdown(editor)).toBe(expected);
  });

  it('changes nothing when the markdown is what the document holds', () => {
    const ydoc = markdownToYDoc('Some *text* with [ref_abc12345].');
    const before = Y.encodeStateVector(ydoc);
    applyMarkdown(ydoc, 'Some *text* with [ref_abc12345].', 'api');
    expect(Y.encodeStateVector(ydoc)).toEqual(before);
  });
});
