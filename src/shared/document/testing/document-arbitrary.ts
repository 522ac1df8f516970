/**
 * fast-check generators of ProseMirror documents in the document schema.
 *
 * - `wildDocument`: anything the schema allows (whitespace at mark edges, empty paragraphs,
 *   hard breaks anywhere, odd LaTeX, unsafe links…), as an editor may produce. Writing such a
 *   document may normalize it, but what is written must read back to the same markdown.
 * - `canonicalDocument`: documents whose every part markdown can express as is; these must
 *   read back identical to the document.
 */
import type { Mark, Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import fc from 'fast-check';

const LETTERS = [...'abcxyzÄéß数据αω'];
const SPECIALS = [...'*_[]()$|\\`~#>-+!{}<&:.;,=\'"%@^'];

function pick<T>(values: readonly T[]): fc.Arbitrary<T> {
  return fc.constantFrom(...values);
}

const word = fc.array(pick(LETTERS), { minLength: 1, maxLength: 6 }).map((chars) => chars.join(''));

/** A run of words with markdown-special characters inside, starting and ending with a letter. */
const niceText = fc
  .array(
    fc.oneof(word, pick(SPECIALS), pick([' ', ' ', '1.', '2024', 'ref_abc12345', 'xref_a1'])),
    {
      minLength: 0,
      maxLength: 6,
    },
  )
  .chain((middle) =>
    fc
      .tuple(word, word)
      .map(([first, last]) => (middle.length === 0 ? first : `${first}${middle.join('')}${last}`)),
  );

/** Any text, including whitespace and specials at the edges. */
const wildText = fc
  .array(
    fc.oneof(
      word,
      pick(SPECIALS),
      pick([' ', '  ', '\t', '\u00a0', '\n', '1. ', '# ', '- ', '> ', '---']),
    ),
    {
      minLength: 1,
      maxLength: 8,
    },
  )
  .map((parts) => parts.join(''));

const refId = fc.oneof(
  fc.stringMatching(/^ref_[a-z0-9]{8}$/),
  pick(['ref_a', 'ref_B2', 'ref_x1y2']),
);

const latex = pick([
  'x^2',
  '\\frac{a}{b}',
  'a | b',
  'a_1 * b_2',
  '\\{x\\}',
  'E = mc^2',
  '\\left[ x \\right]',
]);
const wildLatex = fc.oneof(
  latex,
  pick(['', ' ', 'a$', '$$', '$a', 'x\n- y', 'x\n\ny', 'x\n', '\n# h', '`', ']']),
);

const href = pick([
  'http://example.com',
  'https://x.org/a_b?c=d&e=f',
  'a b',
  'paren(x)',
  '',
  'mailto:a@b.c',
]);
const wildHref = fc.oneof(href, pick(['javascript:alert(1)', 'x\ny', '<x>', '\\']));
const title = pick([null, 'Title', 'say "hi"', 'a\\b']);
const note = pick([
  'check this',
  'why?',
  'see ] here',
  'a [b] c',
  'x',
  'ref_abc12345',
  'back\\slash',
]);

interface Generators {
  text: fc.Arbitrary<string>;
  latex: fc.Arbitrary<string>;
  href: fc.Arbitrary<string>;
  /** Allows empty paragraphs, hard breaks at edges, whitespace-only text. */
  wild: boolean;
}

function markSets(schema: Schema, g: Generators): fc.Arbitrary<Mark[]> {
  const m = schema.marks;
  const mark = fc.oneof(
    fc.constant(m.bold!.create()),
    fc.constant(m.italic!.create()),
    fc.constant(m.strike!.create()),
    fc.constant(m.code!.create()),
    fc.record({ href: g.href, title }).map((attrs) => m.link!.create(attrs)),
    note.map((comment) => m.comment!.create({ comment })),
  );
  return fc
    .array(mark, { maxLength: 3 })
    .map((marks) => marks.reduce<readonly Mark[]>((set, next) => next.addToSet(set), []).slice());
}

function inlineNodes(
  schema: Schema,
  g: Generators,
  breaks: boolean,
): fc.Arbitrary<ProseMirrorNode[]> {
  const n = schema.nodes;
  const marks = markSets(schema, g);
  const segment = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(g.text, marks).map(([text, set]) => schema.text(text, set)) },
    {
      weight: 1,
      arbitrary: fc
        .array(refId, { minLength: 1, maxLength: 3 })
        .map((refIds) => n.reference!.create({ refIds })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(g.latex, marks).map(([value, set]) =>
        n.inlineEquation!.create(
          { latex: value },
          null,
          set.filter((x) => x.type.name !== 'code'),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          src: pick(['img.png', 'a b.png', 'data:image/png;base64,AAA']),
          alt: pick(['', 'alt', 'a [b] `c` $$d', 'x\\']),
          title,
          width: pick([null, 320, 7]),
          height: pick([null, 200]),
        })
        .map((attrs) => n.image!.create(attrs)),
    },
    { weight: breaks ? 1 : 0, arbitrary: fc.constant(n.hardBreak!.create()) },
  );
  return fc.array(segment, { minLength: g.wild ? 0 : 1, maxLength: 6 }).map((segments) => {
    if (g.wild) return segments;
    // Canonical content: segments separated by plain spaces (marks start and end at word
    // boundaries), no space next to a hard break, no hard break at the end.
    const nodes: ProseMirrorNode[] = [];
    segments.forEach((node, index) => {
      const previous = segments[index - 1];
      const isBreak = (candidate: ProseMirrorNode | undefined) =>
        candidate?.type.name === 'hardBreak';
      if (previous && !isBreak(previous) && !isBreak(node)) nodes.push(schema.text(' '));
      nodes.push(node);
    });
    while (nodes.length > 0 && nodes[nodes.length - 1]?.type.name === 'hardBreak') nodes.pop();
    return nodes.length > 0 ? nodes : [schema.text('text')];
  });
}

/** A paragraph holding only an equation is a block equation in markdown. */
function paragraphContent(
  nodes: ProseMirrorNode[],
  schema: Schema,
  g: Generators,
): ProseMirrorNode[] {
  if (g.wild || nodes.length !== 1 || nodes[0]?.type.name !== 'inlineEquation') return nodes;
  return [schema.text('see '), ...nodes];
}

function documentArbitrary(schema: Schema, g: Generators): fc.Arbitrary<ProseMirrorNode> {
  const n = schema.nodes;
  const inline = inlineNodes(schema, g, true);
  const oneLine = inlineNodes(schema, g, false);
  const { block } = fc.letrec<{ block: ProseMirrorNode; blocks: ProseMirrorNode[] }>((tie) => ({
    blocks: fc.array(tie('block'), { minLength: 1, maxLength: 3 }),
    block: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      {
        weight: 5,
        arbitrary: inline.map((content) =>
          n.paragraph!.create(null, paragraphContent(content, schema, g)),
        ),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.integer({ min: 1, max: 6 }), g.wild ? inline : oneLine)
          .map(([level, content]) => n.numberedHeading!.create({ level }, content)),
      },
      { weight: 1, arbitrary: tie('blocks').map((content) => n.blockquote!.create(null, content)) },
      {
        weight: 1,
        arbitrary: fc.array(tie('blocks'), { minLength: 1, maxLength: 3 }).map((items) =>
          n.bulletList!.create(
            null,
            items.map((content) => n.listItem!.create(null, content)),
          ),
        ),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fc.integer({ min: 0, max: 12 }),
            fc.array(tie('blocks'), { minLength: 1, maxLength: 3 }),
          )
          .map(([start, items]) =>
            n.orderedList!.create(
              { start },
              items.map((content) => n.listItem!.create(null, content)),
            ),
          ),
      },
      { weight: 1, arbitrary: fc.constant(n.horizontalRule!.create()) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            pick([null, 'mermaid', 'python', 'a`b']),
            pick(['', 'graph TD\n  A-->B', 'x = 1\n\n```\ny', '  indented\n\ttab']),
          )
          .map(([language, code]) =>
            n.codeBlock!.create({ language }, code === '' ? null : schema.text(code)),
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .oneof(g.latex, pick(['\n\\int_0^1 f\n', 'a\nb']))
          .map((value) => n.blockEquation!.create({ latex: value })),
      },
      {
        weight: 1,
        arbitrary: fc
          .array(fc.tuple(refId, inline), { minLength: 1, maxLength: 3 })
          .map((entries) =>
            n.bibliographyBlock!.create(
              null,
              entries.map(([id, content]) => n.bibliography!.create({ refId: id }, content)),
            ),
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fc.array(pick([null, 'left', 'center', 'right']), { minLength: 1, maxLength: 3 }),
            fc.array(fc.constant(null), { minLength: 1, maxLength: 3 }),
          )
          .chain(([aligns, rows]) =>
            fc
              .array(fc.array(oneLine, { minLength: aligns.length, maxLength: aligns.length }), {
                minLength: rows.length,
                maxLength: rows.length,
              })
              .map((cells) =>
                n.table!.create(
                  null,
                  cells.map((row, rowIndex) =>
                    n.tableRow!.create(
                      null,
                      row.map((content, column) =>
                        (rowIndex === 0 ? n.tableHeader! : n.tableCell!).create(
                          { align: aligns[column] },
                          content,
                        ),
                      ),
                    ),
                  ),
                ),
              ),
          ),
      },
    ),
  }));
  return fc
    .array(block, { minLength: 1, maxLength: 5 })
    .map((content) => n.doc!.create(null, content));
}

export function wildDocument(schema: Schema): fc.Arbitrary<ProseMirrorNode> {
  return documentArbitrary(schema, {
    text: wildText,
    latex: wildLatex,
    href: wildHref,
    wild: true,
  });
}

export function canonicalDocument(schema: Schema): fc.Arbitrary<ProseMirrorNode> {
  return documentArbitrary(schema, { text: niceText, latex, href, wild: false });
}
