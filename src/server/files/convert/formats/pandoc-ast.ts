import {
  type Block,
  type Inline,
  type Mark,
  blockEquation,
  blockquote,
  codeBlock,
  heading,
  horizontalRule,
  inlineEquation,
  listOf,
  paragraph,
  table,
  text,
} from '../document-builder';

/** A node of pandoc's JSON AST: `{t: type, c: contents}`. */
interface PandocNode {
  t: string;
  c?: unknown;
}

export interface PandocDocument {
  blocks: PandocNode[];
  meta?: Record<string, PandocNode>;
}

/** Images pandoc extracted, by the path the AST names, as data URLs. */
export type MediaUrls = ReadonlyMap<string, string>;

const asNodes = (value: unknown): PandocNode[] => (Array.isArray(value) ? value : []);

function withMark(inlines: Inline[], mark: Mark): Inline[] {
  return inlines.map((inline) =>
    inline.type === 'text' ? { ...inline, marks: [...(inline.marks ?? []), mark] } : inline,
  );
}

function plainText(inlines: Inline[]): string {
  return inlines
    .map((inline) => (inline.type === 'text' ? (inline.text ?? '') : ''))
    .join('')
    .trim();
}

/**
 * Pandoc's AST → the shared document's JSON. Equations stay LaTeX ($$…$$ once written);
 * constructs the document has no node for keep their text (definition lists become lists,
 * footnotes are appended in brackets, raw LaTeX/HTML is dropped so no markup leaks in).
 */
export class PandocAstReader {
  readonly #media: MediaUrls;

  constructor(media: MediaUrls = new Map()) {
    this.#media = media;
  }

  document(doc: PandocDocument): Block[] {
    const blocks: Block[] = [];
    const title = doc.meta?.title;
    if (title?.t === 'MetaInlines') {
      const inlines = this.inlines(asNodes(title.c));
      if (plainText(inlines)) blocks.push(heading(1, inlines));
    }
    // Not push(...): a spread of a long document's blocks overflows the stack.
    return blocks.concat(this.blocks(doc.blocks));
  }

  blocks(nodes: PandocNode[]): Block[] {
    return nodes.flatMap((node) => this.block(node));
  }

  block(node: PandocNode): Block[] {
    const c = node.c as never;
    switch (node.t) {
      case 'Para':
      case 'Plain':
        return this.paragraph(asNodes(c));
      case 'LineBlock':
        return (c as unknown[]).flatMap((line) => this.paragraph(asNodes(line)));
      case 'Header': {
        const [level, , inlines] = c as [number, unknown, PandocNode[]];
        return [heading(level, this.inlines(inlines))];
      }
      case 'CodeBlock': {
        const [[, classes], code] = c as [[string, string[]], string];
        return [codeBlock(code, classes[0] ?? null)];
      }
      case 'BlockQuote':
        return [blockquote(this.blocks(asNodes(c)))];
      case 'BulletList':
        return this.list(false, c as PandocNode[][]);
      case 'OrderedList': {
        const [[start], items] = c as [[number], PandocNode[][]];
        return this.list(true, items, start);
      }
      case 'DefinitionList': {
        const items = (c as [PandocNode[], PandocNode[][]][]).map(([term, definitions]) => [
          paragraph(withMark(this.inlines(term), { type: 'bold' })),
          ...definitions.flatMap((definition) => this.blocks(definition)),
        ]);
        return items.length > 0 ? [listOf(false, items)] : [];
      }
      case 'HorizontalRule':
        return [horizontalRule()];
      case 'Table':
        return this.table(c as unknown[]);
      case 'Figure': {
        const [, , body] = c as [unknown, unknown, PandocNode[]];
        return this.blocks(body);
      }
      case 'Div':
        return this.blocks((c as [unknown, PandocNode[]])[1]);
      default:
        return [];
    }
  }

  /** A paragraph holding only display math is the document's block equation. */
  paragraph(nodes: PandocNode[]): Block[] {
    const inlines = this.inlines(nodes);
    const meaningful = inlines.filter(
      (inline) => !(inline.type === 'text' && (inline.text ?? '').trim() === ''),
    );
    if (meaningful.length === 0) return [];
    const only = meaningful[0];
    if (meaningful.length === 1 && only?.type === 'inlineEquation') {
      const display = nodes.some(
        (node) => node.t === 'Math' && (node.c as [PandocNode])[0].t === 'DisplayMath',
      );
      if (display) return [blockEquation(String(only.attrs?.latex ?? ''))];
    }
    return [paragraph(inlines)];
  }

  list(ordered: boolean, items: PandocNode[][], start = 1): Block[] {
    if (items.length === 0) return [];
    return [
      listOf(
        ordered,
        items.map((item) => this.blocks(item)),
        start,
      ),
    ];
  }

  /** Pandoc tables: [attr, caption, colspecs, head, bodies, foot]; cells flattened to a line. */
  table(c: unknown[]): Block[] {
    const [, , , head, bodies, foot] = c as [
      unknown,
      unknown,
      unknown,
      [unknown, PandocNode[][]],
      [unknown, number, unknown[], unknown[]][],
      [unknown, unknown[]],
    ];
    const rowsOf = (rows: unknown[]) =>
      rows.map((row) => {
        const [, cells] = row as [unknown, unknown[]];
        return cells.flatMap((cell) => {
          const [, , , colspan, blocks] = cell as [unknown, unknown, number, number, PandocNode[]];
          const content = this.cellInlines(blocks);
          return [content, ...Array.from({ length: Math.max(0, colspan - 1) }, () => [])];
        });
      });
    const rows = [
      ...rowsOf(head[1]),
      ...bodies.flatMap(([, , intermediate, body]) => [...rowsOf(intermediate), ...rowsOf(body)]),
      ...rowsOf(foot[1]),
    ];
    return rows.length > 0 ? [table(rows)] : [];
  }

  cellInlines(blocks: PandocNode[]): Inline[] {
    const parts = blocks.map((block) => {
      if (block.t === 'Para' || block.t === 'Plain') return this.inlines(asNodes(block.c));
      return text(plainText(this.block(block).flatMap((b) => b.content ?? [])));
    });
    return parts.flatMap((part, index) => (index === 0 ? part : [...text(' '), ...part]));
  }

  inlines(nodes: PandocNode[]): Inline[] {
    return nodes.flatMap((node) => this.inline(node));
  }

  inline(node: PandocNode): Inline[] {
    const c = node.c as never;
    switch (node.t) {
      case 'Str':
        return text(c);
      case 'Space':
      case 'SoftBreak':
        return text(' ');
      case 'LineBreak':
        return [{ type: 'hardBreak' }];
      case 'Emph':
        return withMark(this.inlines(asNodes(c)), { type: 'italic' });
      case 'Strong':
        return withMark(this.inlines(asNodes(c)), { type: 'bold' });
      case 'Strikeout':
        return withMark(this.inlines(asNodes(c)), { type: 'strike' });
      case 'Underline':
      case 'SmallCaps':
      case 'Superscript':
      case 'Subscript':
        return this.inlines(asNodes(c));
      case 'Span':
        return this.inlines((c as [unknown, PandocNode[]])[1]);
      case 'Quoted': {
        const [kind, inlines] = c as [PandocNode, PandocNode[]];
        const quote = kind.t === 'SingleQuote' ? ['‘', '’'] : ['“', '”'];
        return [...text(quote[0] ?? ''), ...this.inlines(inlines), ...text(quote[1] ?? '')];
      }
      case 'Cite':
        return this.inlines((c as [unknown, PandocNode[]])[1]);
      case 'Code':
        return text((c as [unknown, string])[1], [{ type: 'code' }]);
      case 'Math':
        return [inlineEquation((c as [unknown, string])[1].trim())];
      case 'Link': {
        const [, inlines, [href]] = c as [unknown, PandocNode[], [string]];
        const content = this.inlines(inlines);
        return /^(https?:|mailto:)/i.test(href)
          ? withMark(content, { type: 'link', attrs: { href } })
          : content;
      }
      case 'Image': {
        const [, alt, [src]] = c as [unknown, PandocNode[], [string]];
        const url = this.#media.get(src);
        return url
          ? [{ type: 'image', attrs: { src: url, alt: plainText(this.inlines(alt)) } }]
          : [];
      }
      case 'Note': {
        const note = plainText(this.blocks(asNodes(c)).flatMap((block) => block.content ?? []));
        return note ? text(` [${note}]`) : [];
      }
      default:
        return [];
    }
  }
}
