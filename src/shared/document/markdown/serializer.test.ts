import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from '../schema';
import {
  blockEquation,
  br,
  cite,
  codeBlock,
  doc,
  entry,
  bibliography,
  equation,
  h,
  hr,
  image,
  li,
  marks,
  ol,
  p,
  quote,
  row,
  table,
  td,
  text,
  th,
  ul,
} from '../testing/builders';

const write = serializeMarkdown;

describe('serializeMarkdown', () => {
  it('writes an empty document as an empty string', () => {
    expect(write(doc(p()))).toBe('');
    expect(write(doc(p(), p('a'), p(), p('b')))).toBe('a\n\nb');
  });

  it('separates blocks by one blank line, without a trailing newline', () => {
    expect(write(doc(h(2, 'Title'), p('text'), hr()))).toBe('## Title\n\ntext\n\n---');
  });

  describe('inline normalization', () => {
    it('moves whitespace at the edges of emphasis outside it', () => {
      expect(write(doc(p('a', text(' b ', marks.bold()), 'c')))).toBe('a **b** c');
    });

    it('trims the block and what follows a hard break, and drops trailing hard breaks', () => {
      expect(write(doc(p('  a  ', br(), '  b', br(), br())))).toBe('a  \\\nb');
    });

    it('writes hard breaks in headings and cells as spaces', () => {
      expect(write(doc(h(2, 'a', br(), 'b')))).toBe('## a b');
    });

    it('turns line breaks inside text into spaces', () => {
      expect(write(doc(p('a\nb\r\nc')))).toBe('a b  c');
    });

    it('keeps markdown-looking text at the start of a line as text', () => {
      expect(write(doc(p('# not a heading')))).toBe('\\# not a heading');
      expect(write(doc(p('a', br(), '- not a list', br(), '1. nor this')))).toBe(
        'a\\\n\\- not a list\\\n1\\. nor this',
      );
    });

    it('indents a line that starts with an equation so it stays inline', () => {
      const markdown = write(doc(p('a', br(), equation('x'))));
      expect(markdown).toBe('a\\\n    $$x$$');
      expect(parseMarkdown(markdown).firstChild?.childCount).toBe(3);
    });

    it('writes a paragraph holding only an equation as a block equation', () => {
      expect(write(doc(p(equation('x^2'))))).toBe('$$x^2$$');
      expect(parseMarkdown('$$x^2$$').firstChild?.type.name).toBe('blockEquation');
    });
  });

  describe('marks', () => {
    it('nests marks so that longer ones are outside', () => {
      expect(write(doc(p(text('a ', marks.bold()), text('b', marks.bold(), marks.italic()))))).toBe(
        '**a *b***',
      );
    });

    it('keeps text but drops emphasis markdown cannot express', () => {
      const markdown = write(doc(p('x', text('(y)', marks.bold()), 'z')));
      expect(markdown).toBe('x(y)z');
    });

    it('pads code spans that start or end with a backtick or spaces', () => {
      expect(write(doc(p(text('a`b', marks.code()))))).toBe('``a`b``');
      expect(write(doc(p(text('`x', marks.code()))))).toBe('`` `x ``');
      expect(write(doc(p(text(' x ', marks.code()))))).toBe('`  x  `');
    });

    it('writes the short comment form when the text is the note', () => {
      expect(write(doc(p(text('check', marks.comment('check')))))).toBe('[[check]]');
      expect(write(doc(p(text('claim', marks.comment('check')))))).toBe('[claim][[check]]');
      expect(write(doc(p(text('a', marks.comment('x ] y')))))).toBe('[a][[x \\] y]]');
    });

    it('puts a comment outside a link, splitting the link if needed', () => {
      const link = marks.link('https://x.org');
      const comment = marks.comment('note');
      expect(write(doc(p(text('a ', link), text('b', link, comment))))).toBe(
        '[a ](https://x.org)[[b](https://x.org)][[note]]',
      );
    });

    it('drops links a page must not follow and links around citations', () => {
      expect(write(doc(p(text('x', marks.link('javascript:alert(1)')))))).toBe('x');
      const link = marks.link('https://x.org');
      expect(write(doc(p(text('see ', link), cite('ref_a').mark([link]))))).toBe(
        '[see ](https://x.org)[ref_a]',
      );
    });

    it('guards link text that would read as a citation', () => {
      const markdown = write(doc(p(text('ref_abc', marks.link('u')))));
      expect(markdown).toBe('[ref\\_abc](u)');
      expect(parseMarkdown(markdown).firstChild?.firstChild?.marks[0]?.type.name).toBe('link');
    });
  });

  describe('atoms', () => {
    it('leaves out citations without a valid id', () => {
      expect(write(doc(p('a ', cite('ref_a', 'bad id'), ' ', cite('nope'))))).toBe('a [ref_a]');
    });

    it('writes images with size and blanks unsafe sources', () => {
      expect(write(doc(p(image({ src: 'a.png', alt: 'x', width: 10.4, height: null }))))).toBe(
        '![x](a.png){width=10}',
      );
      expect(write(doc(p(image({ src: 'javascript:x', alt: 'y' }))))).toBe('![y](<>)');
      expect(write(doc(p(image({ src: 'a.png', alt: '' }), '{width=3}')))).toBe(
        '![](a.png)\\{width=3}',
      );
    });

    it('keeps LaTeX that markdown can hold and mends what it cannot', () => {
      expect(write(doc(p('a ', equation('x$$y'), ' b')))).toBe('a $$x$ $y$$ b');
      expect(write(doc(blockEquation('a\n\nb')))).toBe('$$a\nb$$');
      expect(write(doc(p('a ', equation('x\n- y'))))).toBe('a $$x\n    - y$$');
    });
  });

  describe('blocks', () => {
    it('alternates markers so adjacent lists stay separate', () => {
      expect(write(doc(ul(li(p('a'))), ul(li(p('b'))), ol(1, li(p('c'))), ol(1, li(p('d')))))).toBe(
        '- a\n\n* b\n\n1. c\n\n1) d',
      );
    });

    it('keeps the start number and numbers on from it', () => {
      expect(write(doc(ol(9, li(p('a')), li(p('b')))))).toBe('9. a\n10. b');
    });

    it('writes a nested list right under its paragraph when markdown allows it', () => {
      expect(write(doc(ol(1, li(p('step'), ul(li(p('detail')))))))).toBe('1. step\n   - detail');
      expect(write(doc(ul(li(p('a'), ol(2, li(p('b')))))))).toBe('- a\n\n  2. b');
    });

    it('avoids list lines that read as thematic breaks', () => {
      expect(write(doc(ul(li(hr()))))).toBe('- ***');
      const markdown = write(doc(ul(li(ul(li(ul(li(p()))))))));
      expect(parseMarkdown(markdown).firstChild?.type.name).toBe('bulletList');
    });

    it('writes empty list items as bare markers', () => {
      expect(write(doc(ul(li(p('a')), li(p()), li(p('b')))))).toBe('- a\n-\n- b');
    });

    it('prefixes quote lines, with bare markers on empty lines', () => {
      expect(write(doc(quote(p('a'), p('b'))))).toBe('> a\n>\n> b');
    });

    it('chooses a fence longer than any backtick run in the code', () => {
      expect(write(doc(codeBlock('md', 'x\n```\ny')))).toBe('````md\nx\n```\ny\n````');
      expect(write(doc(codeBlock('a`b', 'x')))).toBe('~~~a`b\nx\n~~~');
      expect(write(doc(codeBlock(null, '')))).toBe('```\n```');
    });

    it('protects trailing hashes in headings', () => {
      expect(write(doc(h(2, 'C #')))).toBe('## C \\#');
      expect(parseMarkdown('## C \\#').firstChild?.textContent).toBe('C #');
    });

    it('writes bibliography entries one per line', () => {
      expect(write(doc(bibliography(entry('ref_a', 'Smith.'), entry('ref_b'))))).toBe(
        '[xref_a] Smith.\n[xref_b]',
      );
    });

    it('pads ragged tables and writes spanning cells as empty cells', () => {
      const spanning = th('wide');
      const wide = spanning.type.create({ ...spanning.attrs, colspan: 2 }, spanning.content);
      expect(write(doc(table(row(wide), row(td('a'), td('b'), td('c')))))).toBe(
        '| wide |  |  |\n| --- | --- | --- |\n| a | b | c |',
      );
    });
  });
});
