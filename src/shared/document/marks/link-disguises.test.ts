import type { Attrs } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, schema, serializeMarkdown } from '../schema';
import { doc, marks, p, text } from '../testing/builders';

/** `javascript:` as the probe of issue 31.7 disguised it; each is read by browsers as such. */
type DOMAttrs = Attrs & { href?: string | null };

const DISGUISED: readonly string[] = [
  'java\tscript:alert(1)',
  'JAVA\tSCRIPT:alert(1)',
  '\u0001javascript:alert(1)',
  '\u001f\u0002javascript:alert(1)',
  'java\nscript:alert(1)',
  'vb\tscript:x',
];

const hrefs = (markdown: string): string[] => {
  const found: string[] = [];
  parseMarkdown(markdown).descendants((node) => {
    for (const mark of node.marks) if (mark.type.name === 'link') found.push(mark.attrs.href);
  });
  return found;
};

describe('disguised javascript: links', () => {
  it.each(DISGUISED)('are not read from markdown: %j', (url) => {
    const markdown = `[x](<${url.replace(/\n/g, '')}>) and [y](<${url}>)`;
    expect(hrefs(markdown)).toEqual([]);
  });

  it('are refused in the exact form the probe stored, while plain links are kept', () => {
    expect(hrefs('[x](<java\tscript:alert(1)>)')).toEqual([]);
    expect(hrefs('[x](<https://ok.org>)')).toEqual(['https://ok.org']);
  });

  it.each(DISGUISED)('are not written to markdown: %j', (url) => {
    expect(serializeMarkdown(doc(p(text('x', marks.link(url)))))).toBe('x');
  });

  it.each(DISGUISED)('render no href in the editor: %j', (url) => {
    const mark = schema.marks.link!.create({ href: url });
    const [tag, attrs] = schema.marks.link!.spec.toDOM!(mark, true) as [string, DOMAttrs];
    expect(tag).toBe('a');
    expect(attrs.href ?? null).toBeNull();
  });
});
