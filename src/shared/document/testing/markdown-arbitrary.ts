/**
 * fast-check generators for round-trip tests: markdown soup (well-formed and malformed
 * constructs of the format mixed with every character markdown treats specially) and
 * words, to check that no text is lost.
 */
import fc from 'fast-check';

const words = [
  'alpha',
  'Beta',
  'gamma42',
  'snake_case',
  'über',
  'naïve',
  'данные',
  '数据',
  'x',
  'ref_abc12345',
  'xref_abc12345',
  'ref_',
  'http://example.com/a_b?c=d&e=f',
  '2024',
  '3.14',
  '1.',
  '2)',
];

const specials = [...'*_[]()$|\\`~#>-+!{}<&:.;,=\'"%@^'];

// Links and comments end with "·": two equal ones side by side merge into one range when
// read (ProseMirror joins equal adjacent marks), which would make their targets and notes
// appear once instead of twice and spoil the letter count.
const labelConstructs = [
  '[[ref_abc12345]]',
  '[[a note]]',
  '[[note with \\] bracket]]',
  '[commented **text**][[why?]]',
  '[link](http://example.com "title")',
  '[link](<a b>)',
].map((construct) => `${construct}·`);

const inlineConstructs: fc.Arbitrary<string>[] = [
  fc.constantFrom(...words),
  fc.constantFrom(...specials),
  fc.constantFrom(' ', ' ', '  ', '\t', '\u00a0'),
  fc.constantFrom(...labelConstructs),
  fc.constantFrom(
    '[ref_abc12345]',
    '[ref_abc12345; ref_def67890]',
    '[ref_a, ref_B2]',
    '[ref_abc12345',
    '[[unclosed',
    '$$x^2$$',
    '$$\\frac{a}{b} | c$$',
    '$$ $',
    '$$',
    '[bad](javascript:alert(1))',
    '![alt](img.png)',
    '![alt *x*](img.png){width=320 height=200}',
    '![a](b){height=7}',
    '{width=5}',
    '`code`',
    '``co`de``',
    '**bold**',
    '*it*',
    '_it_',
    '~~strike~~',
    '***both***',
    '&amp;',
    '<b>html</b>',
    '<http://auto.link>',
    '\\',
    '\\*',
    '\\[',
  ),
];

const inline = fc
  .array(fc.oneof(...inlineConstructs), { maxLength: 12 })
  .map((parts) => parts.join(''));

const linePrefixes = [
  '',
  '',
  '',
  '# ',
  '## ',
  '###### ',
  '- ',
  '* ',
  '+ ',
  '1. ',
  '3) ',
  '> ',
  '>> ',
  '  ',
  '    ',
  '```',
  '```mermaid',
  '~~~',
  '$$',
  '[xref_abc12345] ',
  '[xref_def67890]',
  '| ',
  '|',
  '---',
  '***',
  '===',
  '- [ ] ',
  '  - ',
  '   1. ',
  '> - ',
  '- > ',
  '1. - ',
  '- ```',
  '> $$',
  '- [xref_abc12345] ',
  '  > ',
  '\t',
  '- | ',
];

const line = fc
  .tuple(
    fc.constantFrom(...linePrefixes),
    inline,
    fc.constantFrom('', '', ' |', '  ', '\\', '$$', '```'),
  )
  .map(([prefix, text, suffix]) => prefix + text + suffix);

const tableBlock = fc
  .tuple(
    fc.integer({ min: 1, max: 3 }),
    fc.array(fc.array(inline, { minLength: 1, maxLength: 4 }), { maxLength: 3 }),
  )
  .map(([columns, rows]) => {
    const header = `| ${Array.from({ length: columns }, (_, i) => `h${i}`).join(' | ')} |`;
    const delimiter = `|${Array.from({ length: columns }, (_, i) => [' --- ', ':---', ' :-: ', '--:'][i % 4]).join('|')}|`;
    return [header, delimiter, ...rows.map((cells) => `| ${cells.join(' | ')} |`)].join('\n');
  });

/** Arbitrary markdown: lines of mixed constructs, joined by single or blank lines. */
export const markdownSoup: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof({ weight: 6, arbitrary: line }, { weight: 1, arbitrary: tableBlock }),
      fc.constantFrom('\n', '\n\n', '\n', '\r\n'),
    ),
    { maxLength: 10 },
  )
  .map((lines) => lines.map(([text, separator]) => text + separator).join(''));

/**
 * The letters of a text, sorted. Markup never consists of letters, so reading and writing
 * markdown must keep this exact multiset (digits are not compared: list numbers are
 * renumbered canonically).
 */
export function lettersOf(text: string): string {
  return [...(text.match(/\p{L}/gu) ?? [])].sort().join('');
}
