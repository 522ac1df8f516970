/**
 * The fixture set: one small document (headings, a list, a table, an equation) in every
 * accepted format, generated at test time so no binary fixture needs a licence. pandoc-wasm
 * writes .docx and .pptx, exceljs writes .xlsx, LibreOffice makes .doc, .ppt and .pdf from
 * those, ReadStat writes .sav.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import { findProgram } from '../external-tool';

export const FIXTURE_MARKDOWN = `# Sleep and Memory

## Introduction

Sleep supports memory consolidation in adults.

- Slow-wave sleep replays recent experiences
- REM sleep integrates new memories

## Results

| Group | Score |
| --- | --- |
| Control | 3.5 |
| Treatment | 4.25 |

The model fits $$E = mc^2$$ inline.

$$\\frac{a}{b} = c$$
`;

/** What every fixture holds, for the structure assertions and the benchmark's score. */
export const FIXTURE_STRUCTURE = {
  headings: ['Sleep and Memory', 'Introduction', 'Results'],
  listItems: ['Slow-wave sleep replays recent experiences', 'REM sleep integrates new memories'],
  tableCells: ['Group', 'Score', 'Control', '3.5', 'Treatment', '4.25'],
  equations: ['E = mc^2', '\\frac{a}{b} = c'],
};

export const FIXTURE_LATEX = `\\documentclass{article}
\\begin{document}
\\section*{Sleep and Memory}
\\subsection*{Introduction}
Sleep supports memory consolidation in adults.
\\begin{itemize}
\\item Slow-wave sleep replays recent experiences
\\item REM sleep integrates new memories
\\end{itemize}
\\subsection*{Results}
\\begin{tabular}{ll}
Group & Score \\\\
Control & 3.5 \\\\
Treatment & 4.25 \\\\
\\end{tabular}

The model fits $E = mc^2$ inline.
\\[ \\frac{a}{b} = c \\]
\\end{document}
`;

export const FIXTURE_CSV = 'Group,Score\nControl,3.5\nTreatment,4.25\n';

/** The fixture in pandoc's markdown, where an inline equation takes single dollars. */
export const FIXTURE_PANDOC_MARKDOWN = FIXTURE_MARKDOWN.replace('$$E = mc^2$$', '$E = mc^2$');

export async function pandocWrite(format: 'docx' | 'pptx', markdown: string): Promise<Uint8Array> {
  const { convert } = await import('pandoc-wasm');
  const output = `out.${format}`;
  const result = await convert(
    { from: 'markdown', to: format, 'output-file': output },
    markdown,
    {},
  );
  const blob = result.files[output];
  if (!(blob instanceof Blob)) throw new Error(`pandoc wrote no ${format}: ${result.stderr}`);
  return new Uint8Array(await blob.arrayBuffer());
}

export async function xlsxBytes(
  sheets: Record<string, (string | number)[][]>,
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) workbook.addWorksheet(name).addRows(rows);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** LibreOffice headless converts `bytes` (named `name`) to `to`; undefined without LibreOffice. */
export function libreOfficeConvert(
  name: string,
  bytes: Uint8Array,
  to: string,
): Uint8Array | undefined {
  const soffice = findProgram('soffice');
  if (!soffice) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-fixture-'));
  try {
    const source = path.join(dir, name);
    writeFileSync(source, bytes);
    const run = spawnSync(
      soffice,
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--convert-to',
        to,
        '--outdir',
        path.join(dir, 'out'),
        source,
      ],
      { timeout: 120_000, stdio: 'ignore', env: { ...process.env, HOME: dir } },
    );
    const extension = to.split(':')[0] ?? to;
    const output = readdirSync(path.join(dir, 'out')).find((file) =>
      file.endsWith(`.${extension}`),
    );
    if (run.status !== 0 || !output)
      throw new Error(`LibreOffice could not make ${to} from ${name}`);
    return new Uint8Array(readFileSync(path.join(dir, 'out', output)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An SPSS file with variable and value labels, written by ReadStat; undefined without it. */
export function savBytes(): Uint8Array | undefined {
  const readstat = findProgram('readstat');
  if (!readstat) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-fixture-'));
  try {
    writeFileSync(path.join(dir, 'data.csv'), 'id,group,score\n1,1,3.5\n2,2,4.25\n3,1,2\n');
    writeFileSync(
      path.join(dir, 'meta.json'),
      JSON.stringify({
        type: 'SPSS',
        variables: [
          { type: 'NUMERIC', name: 'id', label: 'Participant id' },
          {
            type: 'NUMERIC',
            name: 'group',
            label: 'Study group',
            categories: [
              { code: 1, label: 'Control' },
              { code: 2, label: 'Treatment' },
            ],
          },
          { type: 'NUMERIC', name: 'score', label: 'Well-being score' },
        ],
      }),
    );
    const run = spawnSync(readstat, ['data.csv', 'meta.json', 'data.sav'], {
      cwd: dir,
      stdio: 'ignore',
    });
    if (run.status !== 0) throw new Error('ReadStat could not write the .sav fixture');
    return new Uint8Array(readFileSync(path.join(dir, 'data.sav')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether tests of a tool-backed converter must run: CI installs the tools (.ci/run). */
export const toolsRequired = process.env.SCRIPTOR_REQUIRE_CONVERTER_TOOLS === '1';

export const hasLibreOffice = (): boolean => findProgram('soffice') !== null;
export const hasReadStat = (): boolean =>
  findProgram('readstat') !== null && findProgram('extract_metadata') !== null;
