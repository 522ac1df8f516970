import { describe, expect, it } from 'vitest';
import {
  commentNotes,
  commentOccurrence,
  commentStartsOfDoc,
  differsOnlyInComments,
  removeComments,
} from './comment-notes';
import { parseMarkdown } from './schema';

const text = [
  'A [claim that needs support][[Add a citation here]] in running text.',
  '',
  '[[Consider moving this paragraph]]',
  '',
  'Code `[[not a comment]]` stays.',
].join('\n');

describe('comment notes', () => {
  it('lists the notes in document order', () => {
    expect(commentNotes(text)).toEqual(['Add a citation here', 'Consider moving this paragraph']);
  });

  it('removes the chosen comments, keeping commented text and dropping bare notes', () => {
    const kept = removeComments(text, (note) => note !== 'Add a citation here');
    expect(kept).toContain('[claim that needs support][[Add a citation here]]');
    expect(kept).not.toContain('Consider moving');
    const none = removeComments(text, () => true);
    expect(none).toContain('A claim that needs support in running text.');
    expect(none).toContain('`[[not a comment]]`');
  });

  it('tells a change of comments from a change of text', () => {
    const commented = text.replace('in running text', 'in [running][[why running?]] text');
    expect(differsOnlyInComments(text, commented)).toBe(true);
    expect(differsOnlyInComments(text, text.replace('claim', 'statement'))).toBe(false);
  });

  it('counts which comment of the same note starts at a position', () => {
    const doc = parseMarkdown('[One][[check]] and [two][[check]], [three][[other]].');
    const starts = commentStartsOfDoc(doc);
    expect(starts.map((start) => start.note)).toEqual(['check', 'check', 'other']);
    const [first, second, third] = starts;
    expect(commentOccurrence(doc, 'check', first?.from ?? -1)).toBe(0);
    expect(commentOccurrence(doc, 'check', second?.from ?? -1)).toBe(1);
    expect(commentOccurrence(doc, 'other', third?.from ?? -1)).toBe(0);
  });
});
