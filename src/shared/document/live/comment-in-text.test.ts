import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { liveTextRange } from '../testing/live-text-range';
import { changeCommentInText, relativePositionFromJSON } from './comment-in-text';
import { documentFragment, markdownToYDoc, yDocToMarkdown } from './y-document';

const TEXT = '## Introduction\n\nSleep helps memory consolidation.\n\nWe read papers.\n';

/** A second copy of the document, as a commenter's browser holds it. */
function copyOf(ydoc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(ydoc));
  return copy;
}

/** The range of `text` in the copy, as the server receives it. */
function rangeOf(copy: Y.Doc, text: string) {
  const { first, end } = liveTextRange(copy, text);
  const range = { first: relativePositionFromJSON(first), end: relativePositionFromJSON(end) };
  if (!range.first || !range.end) throw new Error('no position');
  return { range: { first: range.first, end: range.end } };
}

describe('comments changed in the live document', () => {
  it('comments the same characters after someone typed before them meanwhile', () => {
    const server = markdownToYDoc(TEXT);
    const range = rangeOf(copyOf(server), 'memory consolidation');
    const paragraph = documentFragment(server).get(1) as Y.XmlElement;
    const text = paragraph.get(0) as Y.XmlText;
    text.insert(0, 'Really: ');
    // At the range's edges too: that typing stays outside the comment.
    text.insert(text.toString().indexOf('memory'), 'good ');
    text.insert(text.toString().indexOf('.'), ' overnight');

    const added = changeCommentInText(
      server,
      { kind: 'add', ...range, note: 'Which study?' },
      'test',
    );
    expect(added).toBe(true);
    expect(yDocToMarkdown(server)).toContain(
      'Really: Sleep helps good [memory consolidation][[Which study?]] overnight.',
    );
  });

  it('renotes and removes a comment found by its note and occurrence', () => {
    const server = markdownToYDoc(TEXT.replace('We read', '[We][[check]] [read][[check]]'));
    const at = { note: 'check', occurrence: 1 };
    expect(changeCommentInText(server, { kind: 'renote', at, note: 'why?' }, 'test')).toBe(true);
    expect(yDocToMarkdown(server)).toContain('[We][[check]] [read][[why?]] papers.');
    const first = { note: 'check', occurrence: 0 };
    expect(changeCommentInText(server, { kind: 'remove', at: first }, 'test')).toBe(true);
    expect(yDocToMarkdown(server)).toContain('We [read][[why?]] papers.');
    expect(changeCommentInText(server, { kind: 'remove', at: first }, 'test')).toBe(false);
  });

  it('keeps a note that is its own text a note', () => {
    const server = markdownToYDoc(TEXT.replace('We read papers.', 'We read [[say which]].'));
    const at = { note: 'say which', occurrence: 0 };
    expect(changeCommentInText(server, { kind: 'renote', at, note: 'name them' }, 'test')).toBe(
      true,
    );
    expect(yDocToMarkdown(server)).toContain('We read [[name them]].');
  });

  it('changes nothing when the commented text was deleted meanwhile', () => {
    const server = markdownToYDoc(TEXT);
    const range = rangeOf(copyOf(server), 'We read papers.');
    documentFragment(server).delete(2, 1);
    const before = yDocToMarkdown(server);
    expect(changeCommentInText(server, { kind: 'add', ...range, note: 'gone' }, 'test')).toBe(
      false,
    );
    expect(yDocToMarkdown(server)).toBe(before);
  });
});
