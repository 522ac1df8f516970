import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFile } from './registry';
import {
  FIXTURE_CSV,
  FIXTURE_LATEX,
  FIXTURE_MARKDOWN,
  FIXTURE_PANDOC_MARKDOWN,
  FIXTURE_STRUCTURE,
  hasLibreOffice,
  hasReadStat,
  libreOfficeConvert,
  pandocWrite,
  savBytes,
  toolsRequired,
  xlsxBytes,
} from './testing/fixture-files';
import { structureOf } from './testing/structure';

const workDir = mkdtempSync(path.join(tmpdir(), 'scriptor-convert-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Converts in this process (the conversion process runs the very same code). */
async function convert(fileName: string, bytes: Uint8Array): Promise<string> {
  const format = await checkFile(fileName, bytes);
  const converter = await format.load();
  const statuses: string[] = [];
  const markdown = await converter({ fileName, bytes, workDir, report: (s) => statuses.push(s) });
  expect(statuses.length).toBeGreaterThan(0);
  return markdown;
}

const { headings, listItems, tableCells, equations } = FIXTURE_STRUCTURE;
const SLOW = 180_000;
const withLibreOffice = hasLibreOffice() || toolsRequired;
const withReadStat = hasReadStat() || toolsRequired;

describe('converting the fixture set', () => {
  it('reads .txt as markdown, whatever its encoding', { timeout: SLOW }, async () => {
    const markdown = await convert('notes.txt', new Uint8Array(Buffer.from(FIXTURE_MARKDOWN)));
    expect(structureOf(markdown)).toEqual({ headings, listItems, tableCells, equations });

    const windows1252 = new Uint8Array(
      iconv.encode('# Café\n\nNaïve façade, déjà vu — 20 °C. '.repeat(3), 'windows-1252'),
    );
    expect(await convert('windows.txt', windows1252)).toContain('Naïve façade, déjà vu — 20 °C.');
    const utf16 = new Uint8Array(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße', 'utf16le')]),
    );
    expect(await convert('utf16.txt', utf16)).toBe('Grüße');
  });

  it('keeps headings, lists, tables and equations from .docx', { timeout: SLOW }, async () => {
    const docx = await pandocWrite('docx', FIXTURE_PANDOC_MARKDOWN);
    const found = structureOf(await convert('paper.docx', docx));
    expect(found.headings).toEqual(headings);
    expect(found.listItems).toEqual(listItems);
    expect(found.tableCells).toEqual(tableCells);
    expect(found.equations).toEqual(['E = mc^{2}', '\\frac{a}{b} = c']);
  });

  it('keeps slide titles, text and tables from .pptx', { timeout: SLOW }, async () => {
    const pptx = await pandocWrite('pptx', FIXTURE_PANDOC_MARKDOWN);
    const markdown = await convert('slides.pptx', pptx);
    const found = structureOf(markdown);
    expect(found.headings).toEqual(expect.arrayContaining(['Introduction', 'Results']));
    expect(found.tableCells).toEqual(tableCells);
    expect(markdown).toContain('Slow-wave sleep replays recent experiences');
  });

  it('converts .tex with its equations', { timeout: SLOW }, async () => {
    const found = structureOf(
      await convert('paper.tex', new Uint8Array(Buffer.from(FIXTURE_LATEX))),
    );
    expect(found.headings).toEqual(headings);
    expect(found.listItems).toEqual(listItems);
    expect(found.tableCells).toEqual(tableCells);
    expect(found.equations).toEqual(equations);
  });

  it('turns .csv and .xlsx into one table per sheet', { timeout: SLOW }, async () => {
    expect(
      structureOf(await convert('data.csv', new Uint8Array(Buffer.from(FIXTURE_CSV)))).tableCells,
    ).toEqual(tableCells);
    const semicolons = 'a;b\n"x;y";2\n';
    expect(await convert('semi.csv', new Uint8Array(Buffer.from(semicolons)))).toBe(
      '| a | b |\n| --- | --- |\n| x;y | 2 |',
    );
    const xlsx = await xlsxBytes({
      Results: [
        ['Group', 'Score'],
        ['Control', 3.5],
        ['Treatment', 4.25],
      ],
      Notes: [['Remark'], ['Pilot study']],
    });
    const found = structureOf(await convert('data.xlsx', xlsx));
    expect(found.headings).toEqual(['Results', 'Notes']);
    expect(found.tableCells).toEqual([...tableCells, 'Remark', 'Pilot study']);
  });

  it('caps long sheets and says what was left out', { timeout: SLOW }, async () => {
    const rows = ['n', ...Array.from({ length: 1200 }, (_, index) => String(index))].join('\n');
    const markdown = await convert('long.csv', new Uint8Array(Buffer.from(rows)));
    expect(structureOf(markdown).tableCells).toHaveLength(501);
    expect(markdown).toContain(
      'Only the first 500 rows of 1,200 rows are shown; 700 rows left out.',
    );
  });

  it.skipIf(!withReadStat)(
    'reads .sav data with a codebook of labels',
    { timeout: SLOW },
    async () => {
      const bytes = savBytes();
      if (!bytes) throw new Error('ReadStat is not installed but CI should have installed it');
      const markdown = await convert('survey.sav', bytes);
      const found = structureOf(markdown);
      expect(found.headings).toEqual(['Data', 'Codebook', 'Value labels']);
      expect(found.tableCells.slice(0, 6)).toEqual(['id', 'group', 'score', '1', 'Control', '3.5']);
      expect(found.tableCells).toEqual(expect.arrayContaining(['Study group', 'Well-being score']));
      expect(found.listItems).toEqual(['group: 1 = Control; 2 = Treatment']);
    },
  );

  describe.skipIf(!withLibreOffice)('formats that need LibreOffice', () => {
    it('converts .doc through LibreOffice', { timeout: SLOW }, async () => {
      const doc = libreOfficeConvert(
        'paper.docx',
        await pandocWrite('docx', FIXTURE_PANDOC_MARKDOWN),
        'doc',
      );
      if (!doc) throw new Error('LibreOffice is not installed but CI should have installed it');
      const found = structureOf(await convert('paper.doc', doc));
      expect(found.headings).toEqual(headings);
      expect(found.listItems).toEqual(listItems);
      // Word's binary format keeps equations as embedded objects pandoc cannot read.
      expect(found.tableCells).toEqual(tableCells);
    });

    it('converts .ppt through LibreOffice', { timeout: SLOW }, async () => {
      const ppt = libreOfficeConvert(
        'slides.pptx',
        await pandocWrite('pptx', FIXTURE_PANDOC_MARKDOWN),
        'ppt',
      );
      if (!ppt) throw new Error('LibreOffice is not installed but CI should have installed it');
      const found = structureOf(await convert('slides.ppt', ppt));
      expect(found.headings).toEqual(expect.arrayContaining(['Introduction', 'Results']));
      expect(found.listItems).toEqual(listItems);
      expect(found.tableCells).toEqual(tableCells);
    });

    it('rebuilds headings, lists and tables from a PDF', { timeout: SLOW }, async () => {
      const pdf = libreOfficeConvert(
        'paper.docx',
        await pandocWrite('docx', FIXTURE_PANDOC_MARKDOWN),
        'pdf',
      );
      if (!pdf) throw new Error('LibreOffice is not installed but CI should have installed it');
      const found = structureOf(await convert('paper.pdf', pdf));
      expect(found.headings).toEqual(headings);
      expect(found.listItems).toEqual(listItems);
      expect(found.tableCells).toEqual(tableCells);
    });
  });
});
