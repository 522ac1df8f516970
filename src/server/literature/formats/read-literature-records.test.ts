import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TruncatedInputError, type ReadProgress } from './jsonl-lines';
import { TEXT_LIMITS } from './record-limits';
import type { LiteratureRecord } from './literature-record';
import {
  parseLiteratureLine,
  readLiteratureRecords,
  type ReadRecordsOptions,
  type RecordNote,
  type SkippedLine,
} from './read-literature-records';

const fixture = (name: string): string => join(import.meta.dirname, 'fixtures', name);

async function readAll(input: string | Readable, options: ReadRecordsOptions = {}) {
  const records: LiteratureRecord[] = [];
  const skipped: SkippedLine[] = [];
  for await (const record of readLiteratureRecords(input, {
    ...options,
    onSkippedLine: (line) => skipped.push(line),
  })) {
    records.push(record);
  }
  return { records, skipped };
}

let workDir = '';
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'literature-formats-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('arXiv metadata', () => {
  it('normalises the OAI harvest records', async () => {
    const { records, skipped } = await readAll(fixture('arxiv.jsonl'));
    expect(skipped).toEqual([]);
    expect(records.map((r) => r.sourceId)).toEqual(['hep-lat/9207011', '1106.1993', '1409.2432']);
    const [first, accented, withAnd] = records;
    expect(first).toMatchObject({
      source: 'arxiv',
      title: 'On Heteropolymer Shape Dynamics',
      authors: ['Pawel Pliszka', 'Enzo Marinari'],
      doi: '10.1209/0295-5075/22/3/002',
      year: 1992,
      month: 7,
      day: 9,
      type: 'preprint',
      subjects: ['hep-lat', 'cond-mat', 'q-bio.QM'],
      url: 'https://arxiv.org/abs/hep-lat/9207011',
      is_referenced_by_count: null,
    });
    expect(first?.abstract).toContain('$D \\sim t ^\\nu$');
    expect(accented?.authors[0]).toBe('Lorentz Jäntschi');
    expect(accented?.authors).toHaveLength(4);
    expect(accented?.doi).toBeNull();
    expect(withAnd?.authors).toEqual(['Sebastien Gambs', 'Samuel Ranellucci', 'Alain Tapp']);
  });

  it('reads the Kaggle snapshot variant (string categories, dated versions)', () => {
    const line = JSON.stringify({
      id: '0704.0001',
      title: 'Calculation of prompt diphoton\n  production cross sections',
      authors: "C. Bal\\'azs, E. L. Berger (ANL), P. M. Nadolsky (Southern Methodist U.)",
      abstract: '  A fully differential calculation.  ',
      categories: 'hep-ph math.CO',
      doi: '10.1103/PhysRevD.76.013009',
      versions: [{ version: 'v1', created: 'Mon, 2 Apr 2007 19:18:42 GMT' }],
      update_date: '2008-11-13',
    });
    const result = parseLiteratureLine(line);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.record).toMatchObject({
      title: 'Calculation of prompt diphoton production cross sections',
      authors: ['C. Balázs', 'E. L. Berger', 'P. M. Nadolsky'],
      abstract: 'A fully differential calculation.',
      subjects: ['hep-ph', 'math.CO'],
      doi: '10.1103/physrevd.76.013009',
      year: 2007,
      month: 4,
      day: 2,
    });
  });
});

describe('OpenAlex works', () => {
  it('normalises the 2022 snapshot shape (host_venue, concepts)', async () => {
    const { records, skipped } = await readAll(fixture('openalex-2022.jsonl'));
    expect(skipped).toEqual([]);
    const [article, chapter] = records;
    expect(article).toMatchObject({
      source: 'openalex',
      sourceId: 'W2590527941',
      doi: '10.17660/actahortic.2003.603.95',
      title: 'SUCCESS IN RESISTANCE BREEDING: "REGENT" AND ITS STEPS INTO THE MARKET',
      authors: ['Rudolf Eibach', 'Reinhard Töpher'],
      year: 2003,
      month: 4,
      day: 1,
      type: 'journal-article',
      container_title: 'Acta horticulturae',
      volume: null,
      issue: '603',
      page: '687-691',
      is_referenced_by_count: 27,
    });
    expect(article?.abstract).toMatch(/^Since decades, breeding work of the Institute/);
    expect(article?.subjects.slice(0, 2)).toEqual(['Regent', 'Resistance (ecology)']);
    expect(chapter).toMatchObject({ type: 'book-chapter', container_title: null, page: '19-33' });
  });

  it('normalises the current API shape (primary_location, topics)', async () => {
    const { records } = await readAll(fixture('openalex-current-api.jsonl'));
    expect(records[0]).toMatchObject({
      sourceId: 'W3184644998',
      doi: '10.1177/14744740211029287',
      authors: ['Lauren Tynan'],
      type: 'article',
      container_title: 'cultural geographies',
      publisher: 'SAGE',
      volume: '28',
      issue: '4',
      page: '597-610',
      subjects: ['Indigenous', 'Sociology', 'Anthropology'],
      url: 'https://doi.org/10.1177/14744740211029287',
      year: 2021,
    });
    expect(records[0]?.abstract).toMatch(/^This paper delves into the concept of relationality/);
  });
});

describe('BEIR corpus', () => {
  it('reads _id, title and text', async () => {
    const { records } = await readAll(fixture('beir-scifact.jsonl'));
    expect(records.map((r) => [r.source, r.sourceId])).toEqual([
      ['beir', '4983'],
      ['beir', '5836'],
    ]);
    expect(records[1]?.title).toBe(
      'Induction of myelodysplasia by myeloid-derived suppressor cells.',
    );
    expect(records[0]?.abstract).toMatch(
      /^Alterations of the architecture of cerebral white matter/,
    );
  });
});

describe('readLiteratureRecords', () => {
  it('detects the format per line, reports corrupt lines with their number and goes on', async () => {
    const lines = [
      (await readFile(fixture('beir-scifact.jsonl'), 'utf8')).split('\n')[0],
      '{"_id": "9", "title": "Broken", "text": ',
      (await readFile(fixture('arxiv.jsonl'), 'utf8')).split('\n')[0],
      '',
      '{"_id": "10", "title": "   ", "text": "no title"}',
      '[1, 2, 3]',
      '{"name": "something else"}',
      (await readFile(fixture('openalex-current-api.jsonl'), 'utf8')).trim(),
    ];
    const path = join(workDir, 'mixed.jsonl');
    await writeFile(path, lines.join('\n'));
    const { records, skipped } = await readAll(path);
    expect(records.map((r) => r.source)).toEqual(['beir', 'arxiv', 'openalex']);
    expect(skipped.map((s) => [s.lineNumber, s.reason.split(':')[0]])).toEqual([
      [2, 'invalid JSON'],
      [5, 'missing title'],
      [6, 'not a JSON object'],
      [7, 'unrecognised record shape'],
    ]);
    expect(skipped[0]?.excerpt).toBe('{"_id": "9", "title": "Broken", "text": ');
  });

  // Reads 50 MB: seconds on a busy machine, so the default 5 s is too tight.
  it(
    'streams a 50 MB file, skipping its one corrupt line by number',
    { timeout: 60_000 },
    async () => {
      const path = join(workDir, 'large.jsonl');
      const abstract = 'Sleep spindles consolidate declarative memory in adults. '.repeat(17);
      const lineCount = 52_000;
      const corruptLine = 31_337;
      const lines = Array.from({ length: lineCount }, (_, index) =>
        index + 1 === corruptLine
          ? '{"_id": "broken", "title": "Cut off mid-'
          : JSON.stringify({ _id: String(index), title: `Study ${index}`, text: abstract }),
      );
      await writeFile(path, lines.join('\n'));
      expect((await stat(path)).size).toBeGreaterThan(50 * 1024 * 1024);

      const skipped: SkippedLine[] = [];
      let count = 0;
      let last = '';
      for await (const record of readLiteratureRecords(path, {
        onSkippedLine: (line) => skipped.push(line),
      })) {
        count += 1;
        last = record.sourceId;
      }
      expect(count).toBe(lineCount - 1);
      expect(last).toBe(String(lineCount - 1));
      expect(skipped.map((s) => [s.lineNumber, s.reason.split(':')[0]])).toEqual([
        [corruptLine, 'invalid JSON'],
      ]);
    },
  );

  it('recognises gzip by its magic bytes, whatever the file is called', async () => {
    const path = join(workDir, 'works.data');
    await writeFile(path, gzipSync(await readFile(fixture('openalex-2022.jsonl'))));
    const { records } = await readAll(path);
    expect(records.map((r) => r.sourceId)).toEqual(['W2590527941', 'W3197304967']);
  });

  it('reads from a stream delivered in tiny chunks, with CRLF endings and a BOM', async () => {
    const text = '\ufeff' + (await readFile(fixture('arxiv.jsonl'), 'utf8')).replace(/\n/g, '\r\n');
    const bytes = Buffer.from(text, 'utf8');
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) =>
      bytes.subarray(i * 7, i * 7 + 7),
    );
    const { records, skipped } = await readAll(Readable.from(chunks));
    expect(skipped).toEqual([]);
    expect(records).toHaveLength(3);
    expect(records[1]?.authors[0]).toBe('Lorentz Jäntschi');
  });

  it('reports progress in stored bytes up to the file size', async () => {
    const path = join(workDir, 'progress.jsonl.gz');
    const compressed = gzipSync(await readFile(fixture('arxiv.jsonl')));
    await writeFile(path, compressed);
    const progress: ReadProgress[] = [];
    await readAll(path, { onProgress: (p) => progress.push(p) });
    expect(progress.at(-1)).toMatchObject({
      bytesRead: compressed.length,
      totalBytes: compressed.length,
    });
    const reads = progress.map((p) => p.bytesRead);
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
  });

  it('uses the caller hint as total for streams', async () => {
    const progress: ReadProgress[] = [];
    const stream = Readable.from([Buffer.from('{"_id": "1", "title": "T", "text": "x"}\n')]);
    await readAll(stream, { totalBytes: 40, onProgress: (p) => progress.push(p) });
    expect(progress.at(-1)).toMatchObject({ bytesRead: 40, totalBytes: 40 });
  });

  it('reads a last line without a trailing newline', async () => {
    const stream = Readable.from(['{"_id": "1", "title": "Only line", "text": ""}']);
    const { records } = await readAll(stream);
    expect(records[0]).toMatchObject({ sourceId: '1', title: 'Only line', abstract: null });
  });

  it('rejects a damaged gzip stream instead of yielding garbage', async () => {
    const compressed = gzipSync(
      Buffer.from('{"_id": "1", "title": "T", "text": "x"}\n'.repeat(50)),
    );
    const damaged = compressed.subarray(0, compressed.length - 20);
    await expect(readAll(Readable.from([damaged]))).rejects.toThrow();
  });

  it(
    'keeps reporting unpacked bytes and lines after a small archive is read',
    { timeout: 60_000 },
    async () => {
      // 1 MB of newlines packs into a kilobyte: stored bytes are all read at once.
      const path = join(workDir, 'newlines.jsonl.gz');
      const compressed = gzipSync(Buffer.alloc(1024 * 1024, 0x0a));
      await writeFile(path, compressed);
      const progress: ReadProgress[] = [];
      await readAll(path, { onProgress: (p) => progress.push(p) });
      const afterStored = progress.filter((p) => p.bytesRead === compressed.length);
      expect(new Set(afterStored.map((p) => p.lines)).size).toBeGreaterThan(2);
      expect(progress.at(-1)).toMatchObject({ decodedBytes: 1024 * 1024, lines: 1024 * 1024 });
    },
  );

  it('ends a truncated archive with the line it broke after, having read the lines before', async () => {
    const lines = Array.from(
      { length: 5000 },
      (_, i) => `{"_id": "${i}", "title": "Record ${i}", "text": "${'x'.repeat(200)} ${i}"}`,
    );
    const compressed = gzipSync(Buffer.from(`${lines.join('\n')}\n`));
    const truncated = compressed.subarray(0, Math.floor(compressed.length / 2));
    const records: LiteratureRecord[] = [];
    const reading = (async () => {
      for await (const record of readLiteratureRecords(Readable.from([truncated]))) {
        records.push(record);
      }
    })();
    const error = await reading.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TruncatedInputError);
    const lastLine = (error as TruncatedInputError).lastLine;
    expect(lastLine).toBeGreaterThan(0);
    expect(records).toHaveLength(lastLine);
    expect((error as Error).message).toMatch(/ends early after line \d+/);
  });

  it('skips and reports a line whose text holds a NUL character, and keeps the others', async () => {
    const good = (id: number) => `{"_id": "${id}", "title": "Fine ${id}", "text": "ok"}`;
    const stream = Readable.from([
      `${good(1)}\n{"_id": "2", "title": "Bad\\u0000title", "text": "x"}\n${good(3)}\n`,
    ]);
    const { records, skipped } = await readAll(stream);
    expect(records.map((record) => record.sourceId)).toEqual(['1', '3']);
    expect(skipped).toEqual([
      expect.objectContaining({ lineNumber: 2, reason: expect.stringContaining('NUL') }),
    ]);
  });

  it('cuts overlong fields to their limits and notes each cut', async () => {
    const abstract = 'a'.repeat(TEXT_LIMITS.abstract + 5000);
    const title = 't'.repeat(TEXT_LIMITS.title + 1);
    const stream = Readable.from([JSON.stringify({ _id: '9', title, text: abstract }) + '\n']);
    const notes: RecordNote[] = [];
    const records: LiteratureRecord[] = [];
    for await (const record of readLiteratureRecords(stream, { onNote: (n) => notes.push(n) })) {
      records.push(record);
    }
    expect(records[0]?.abstract).toHaveLength(TEXT_LIMITS.abstract);
    expect(records[0]?.title).toHaveLength(TEXT_LIMITS.title);
    expect(notes).toEqual([
      { lineNumber: 1, message: 'title cut to 2,000 characters (it had 2,001)' },
      { lineNumber: 1, message: 'abstract cut to 20,000 characters (it had 25,000)' },
    ]);
  });

  it('lets the consumer stop early', async () => {
    for await (const record of readLiteratureRecords(fixture('arxiv.jsonl'))) {
      expect(record.sourceId).toBe('hep-lat/9207011');
      break;
    }
  });
});
