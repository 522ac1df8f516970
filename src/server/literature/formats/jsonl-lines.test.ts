import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLines, type TextLine } from './jsonl-lines';

async function collect(chunks: (string | Buffer)[], maxLineBytes?: number): Promise<TextLine[]> {
  const lines: TextLine[] = [];
  for await (const line of readLines(Readable.from(chunks), { maxLineBytes })) lines.push(line);
  return lines;
}

describe('readLines', () => {
  it('numbers lines from 1 and keeps empty ones', async () => {
    expect(await collect(['a\n\nb\n'])).toEqual([
      { lineNumber: 1, text: 'a' },
      { lineNumber: 2, text: '' },
      { lineNumber: 3, text: 'b' },
    ]);
  });

  it('never cuts a multi-byte character split across chunks', async () => {
    const bytes = Buffer.from('Jäntschi ∂ 🧬\n', 'utf8');
    const chunks = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await collect(chunks)).toEqual([{ lineNumber: 1, text: 'Jäntschi ∂ 🧬' }]);
  });

  it('discards an oversized line and resumes at the next one', async () => {
    const lines = await collect(['short\n', 'x'.repeat(50), 'y'.repeat(50), '\nnext\n'], 64);
    expect(lines).toEqual([
      { lineNumber: 1, text: 'short' },
      { lineNumber: 2, text: null },
      { lineNumber: 3, text: 'next' },
    ]);
  });
});
