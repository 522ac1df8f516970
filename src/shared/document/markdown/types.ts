/**
 * The contract between the node/mark files and the markdown engine: each node or mark file
 * says which markdown-it tokens build it (`parse`) and how it is written back (`toMarkdown`
 * or `syntax`). The engine in this folder does the generic work: walking tokens, nesting
 * marks, escaping text.
 */
import type { Attrs, Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Token } from 'markdown-it';

export type TokenAttrs = (token: Token) => Attrs;

/** How a markdown-it token, or an `<name>_open` / `<name>_close` pair, becomes content. */
export type TokenRule =
  /** `<name>_open` … `<name>_close` around child tokens → a node holding the children. */
  | { kind: 'container'; attrs?: TokenAttrs }
  /** One token → a leaf node (an atom such as a citation or a rule). */
  | { kind: 'atom'; attrs?: TokenAttrs }
  /** One token → a node whose only content is the token's plain text (code blocks). */
  | { kind: 'plainText'; attrs?: TokenAttrs; text: (token: Token) => string }
  /** `<name>_open` … `<name>_close` → a mark on everything in between. */
  | { kind: 'mark'; attrs?: TokenAttrs }
  /** One token → its `content` as text carrying the mark (inline code). */
  | { kind: 'markedText'; attrs?: TokenAttrs };

/** Keyed by markdown-it token name, without the `_open` / `_close` suffix. */
export type TokenRules = Record<string, TokenRule>;

export interface InlineOptions {
  /**
   * The first line is the start of a markdown line (paragraphs, list items), so text there
   * must not look like a heading, list item or other block. Lines after a hard break are
   * always checked.
   */
  firstLineStartsBlock: boolean;
  /** Headings and table cells have a single line: hard breaks are written as spaces. */
  singleLine: boolean;
}

/** A block already written, as seen by the block written after it. */
export interface WrittenBlock {
  node: ProseMirrorNode;
  markdown: string;
}

export interface BlockContext {
  /** The node's children, each written as a block, separated by blank lines. */
  blocks(node: ProseMirrorNode): string;
  /**
   * One child block; `previous` is the sibling written just before it, if any. The result's
   * node is what was written (a paragraph holding only an equation is written as a block
   * equation).
   */
  block(node: ProseMirrorNode, previous: WrittenBlock | null): WrittenBlock;
  /** The inline content of a textblock. */
  inline(node: ProseMirrorNode, options: InlineOptions): string;
  /** The sibling written just before this node (blocks that write as '' are skipped). */
  previous: WrittenBlock | null;
}

export interface BlockNodeMarkdown {
  parse?: TokenRules;
  toMarkdown(node: ProseMirrorNode, context: BlockContext): string;
}

/** Nodes only ever written by their parent (table rows and cells) just declare how they are read. */
export interface ChildNodeMarkdown {
  parse: TokenRules;
}

export interface InlineNodeMarkdown {
  parse?: TokenRules;
  /** The node's markdown, or '' to leave out a node that cannot be written (a bad id). */
  toMarkdown(node: ProseMirrorNode): string;
  /** The node ends a markdown line (hard break). */
  lineBreak?: boolean;
  /** At the start of a line the node's markdown could open a block (`$$`). */
  opensBlockAtLineStart?: boolean;
  /** A `{` right after the node's markdown would be read as part of it (image sizes). */
  absorbsFollowingBrace?: boolean;
  /** Marks markdown cannot put around this node (a link cannot contain a citation). */
  excludedMarks?: readonly string[];
}

/**
 * How a mark is written:
 * - `delimiter`: emphasis-style runs (`**`, `*`, `~~`) subject to CommonMark flanking rules;
 * - `label`: bracketed text followed by a tail (`[text](url)`, `[text][[comment]]`);
 * - `code`: a code span around plain text.
 */
export type MarkSyntax =
  | { kind: 'delimiter'; delimiter: '**' | '*' | '~~' }
  | {
      kind: 'label';
      /** What follows the closing `]`. */
      tail(mark: Mark): string;
      /** False for marks markdown cannot express (an unsafe link target): they are dropped. */
      isWritable?(mark: Mark): boolean;
      /** A shorter spelling when the mark covers exactly `text` and nothing else. */
      shortForm?(mark: Mark, text: string): string | null;
      /**
       * False when other bracketed syntax cannot sit inside the label (markdown-it reads no
       * bracketed token inside link text); such a label is closed around them instead.
       */
      holdsLabels: boolean;
    }
  | { kind: 'code' };

export interface MarkMarkdown {
  parse?: TokenRules;
  syntax: MarkSyntax;
}
