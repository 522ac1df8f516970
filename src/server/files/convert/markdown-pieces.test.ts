import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from '../../../shared/document';
import { markdownPieces } from './markdown-pieces';

const FIXTURES = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/document/fixtures',
);
/** Every fixture of the document module, one after the other: all the block kinds there are. */
const ALL_FIXTURES = readdirSync(FIXTURES)
  .sort()
  .map((name) => readFileSync(path.join(FIXTURES, name), 'utf8'))
  .join('\n\n');

const whole = (text: string) => serializeMarkdown(parseMarkdown(text));
const inPieces = (text: string, size: number) =>
  [...markdownPieces(text, size)]
    .map(whole)
    .filter((markdown) => markdown.trim() !== '')
    .join('\n\n');

describe('markdownPieces', () => {
  it('cuts only where reading piece by piece gives what reading the whole gives', () => {
    for (const size of [1, 40, 200, 1000]) {
      expect(inPieces(ALL_FIXTURES, size), `pieces of ${size}`).toBe(whole(ALL_FIXTURES));
    }
    expect([...markdownPieces(ALL_FIXTURES, 1)].length).toBeGreaterThan(20);
  });

  it('never cuts inside fenced code, a list or a quote', () => {
    const text = [
      'Intro.',
      '```',
      'code',
      '',
      'Still code',
      '```',
      '',
      '- loose item',
      '',
      '- second item',
      '',
      '> quote',
      '',
      '> second quote',
      '',
      'End.',
    ].join('\n');
    expect([...markdownPieces(text, 1)]).toEqual([
      'Intro.\n```\ncode\n\nStill code\n```\n\n- loose item\n\n- second item\n\n> quote\n\n> second quote\n\n',
      'End.',
    ]);
  });
});
