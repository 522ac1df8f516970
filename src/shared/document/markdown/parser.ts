/**
 * Builds a ProseMirror document from markdown-it tokens, using the token rules declared by
 * the node and mark files. Iterative (an explicit stack), so deep nesting cannot overflow.
 */
import { Fragment, type Mark, type MarkType, type NodeType, type Schema } from '@tiptap/pm/model';
import type { Attrs, Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { MarkdownIt, Token } from 'markdown-it';
import type { TokenRule, TokenRules } from './types';

type Handler = (token: Token) => void;

interface Frame {
  type: NodeType;
  attrs: Attrs | null;
  content: ProseMirrorNode[];
}

export interface MarkdownParser {
  /** Parses a whole document. */
  parse(markdown: string): ProseMirrorNode;
  /** Parses inline markdown (one paragraph's content) into inline nodes. */
  parseInline(markdown: string): Fragment;
}

function withoutSuffix(name: string, suffix: string): string | null {
  return name.endsWith(suffix) ? name.slice(0, -suffix.length) : null;
}

export function createMarkdownParser(
  schema: Schema,
  md: MarkdownIt,
  rules: ReadonlyMap<string, TokenRules>,
): MarkdownParser {
  let stack: Frame[] = [];
  let marks: readonly Mark[] = [];

  const top = (): Frame => stack[stack.length - 1] as Frame;
  const add = (node: ProseMirrorNode): void => {
    top().content.push(node);
  };
  const addText = (text: string, textMarks: readonly Mark[] = marks): void => {
    if (text !== '') add(schema.text(text, textMarks));
  };
  const close = (): ProseMirrorNode => {
    const frame = stack.pop() as Frame;
    const node = frame.type.createAndFill(frame.attrs, Fragment.fromArray(frame.content));
    if (!node) throw new Error(`Markdown produced invalid content for ${frame.type.name}`);
    return node;
  };

  const handlers = new Map<string, Handler>();
  const register = (target: NodeType | MarkType, tokenName: string, rule: TokenRule): void => {
    const attrsOf = (token: Token): Attrs | null => rule.attrs?.(token) ?? null;
    if (rule.kind === 'container') {
      const type = target as NodeType;
      handlers.set(`${tokenName}_open`, (token) => {
        stack.push({ type, attrs: attrsOf(token), content: [] });
      });
      handlers.set(`${tokenName}_close`, () => add(close()));
    } else if (rule.kind === 'atom') {
      const type = target as NodeType;
      handlers.set(tokenName, (token) => add(type.create(attrsOf(token), null, marks)));
    } else if (rule.kind === 'plainText') {
      const type = target as NodeType;
      handlers.set(tokenName, (token) => {
        const text = rule.text(token);
        add(type.create(attrsOf(token), text === '' ? null : schema.text(text)));
      });
    } else if (rule.kind === 'mark') {
      const type = target as MarkType;
      handlers.set(`${tokenName}_open`, (token) => {
        marks = type.create(attrsOf(token)).addToSet(marks);
      });
      handlers.set(`${tokenName}_close`, () => {
        marks = type.removeFromSet(marks);
      });
    } else {
      const type = target as MarkType;
      handlers.set(tokenName, (token) => {
        addText(token.content, type.create(attrsOf(token)).addToSet(marks));
      });
    }
  };
  for (const [name, tokenRules] of rules) {
    const target = schema.nodes[name] ?? schema.marks[name];
    if (!target) throw new Error(`No schema type for markdown rules of "${name}"`);
    for (const [tokenName, rule] of Object.entries(tokenRules)) register(target, tokenName, rule);
  }

  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'inline') {
        marks = [];
        walk(token.children ?? []);
        marks = [];
        continue;
      }
      if (token.type === 'text') {
        addText(token.content);
        continue;
      }
      if (token.type === 'softbreak') {
        // Markdown's soft line break is a space in the document; canonical text is one line.
        addText(' ');
        continue;
      }
      const handler = handlers.get(token.type);
      if (handler) {
        handler(token);
        continue;
      }
      // A token no rule claims would lose its text; keep what it has.
      const base = withoutSuffix(token.type, '_open') ?? withoutSuffix(token.type, '_close');
      if (base === null) addText(token.content);
    }
  };

  const run = (tokens: readonly Token[], frame: Frame): ProseMirrorNode[] => {
    stack = [frame];
    marks = [];
    walk(tokens);
    while (stack.length > 1) add(close());
    return frame.content;
  };

  return {
    parse(markdown) {
      const content = run(md.parse(markdown, {}), {
        type: schema.topNodeType,
        attrs: null,
        content: [],
      });
      return schema.topNodeType.createAndFill(null, Fragment.fromArray(content)) as ProseMirrorNode;
    },
    parseInline(markdown) {
      const tokens = md.parseInline(markdown, {});
      const paragraph = schema.nodes.paragraph as NodeType;
      return Fragment.fromArray(run(tokens, { type: paragraph, attrs: null, content: [] }));
    },
  };
}
