/**
 * Export figures (no assertions): how long a running server takes to export a 100-page paper
 * (built like the editor benchmark's document: 62,000 words, 200 cited works, 88 equations,
 * lists, tables) to DOCX, LaTeX, HTML and PDF, side by side in one run with pandoc's whole
 * process on the same markdown (citations as pandoc citations with --citeproc and the same APA
 * style, so both format a reference list; pandoc's PDF through pdflatex).
 *
 * Scriptor's side is what a user waits for: the route's work from the stored markdown to the
 * file (buildExportPaper and the renderer) in a process that has exported before, so its
 * modules, citeproc engine and Chromium are warm, as in a server that has been running. The
 * first export of each format (what the first user after a start waits for) is printed too.
 * Each format runs `RUNS` times, alternating with pandoc; the figures are medians.
 * pandoc: Debian's /usr/bin/pandoc (PANDOC to point elsewhere).
 * Run: npx tsx bench/export/export.ts [pages] [runs]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { workToCsl } from '../../src/server/citations/csl';
import { ExportBrowser } from '../../src/server/export/chromium/export-browser';
import type { Work } from '../../src/shared/citations/work';
import {
  buildExportPaper,
  exportHtml,
  exportPdf,
  renderDiagramImages,
  renderDocx,
  renderLatex,
} from '../../src/server/export/renderers';
import { longPaper } from '../../src/server/export/testing/long-paper';

const SELF = fileURLToPath(import.meta.url);
const PANDOC = process.env.PANDOC ?? '/usr/bin/pandoc';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const APA_CSL = path.join(path.dirname(SELF), '../../src/server/citations/styles/apa.csl');
const FORMATS = ['docx', 'latex', 'html', 'pdf'] as const;
type Format = (typeof FORMATS)[number];

const PANDOC_ARGS: Record<Format, { ext: string; args: string[] }> = {
  docx: { ext: 'docx', args: ['-t', 'docx'] },
  latex: { ext: 'tex', args: ['-t', 'latex', '-s'] },
  html: { ext: 'html', args: ['-t', 'html5', '-s', '--mathml'] },
  pdf: { ext: 'pdf', args: ['-t', 'pdf', '--pdf-engine=pdflatex'] },
};

/** The route's work for one format: the export model from the stored paper, then the file. */
async function exportPaper(
  browser: ExportBrowser,
  format: Format,
  markdown: string,
  works: Work[],
): Promise<Buffer | string> {
  const paper = buildExportPaper({
    title: 'A Synthetic Paper on Sleep and Memory',
    content: markdown,
    citations: works,
    citationStyle: 'apa',
    includeAbstracts: false,
  });
  if (format === 'docx') return renderDocx(paper, await renderDiagramImages(browser, paper.doc));
  if (format === 'latex') return renderLatex(paper).tex;
  if (format === 'html') return exportHtml(browser, paper);
  return exportPdf(browser, paper, { paperSize: 'A4', maxPages: 100_000 });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

/** pandoc's whole process, as an administrator would run it. */
function runPandoc(format: Format, dir: string): Promise<void> {
  const out = path.join(dir, `pandoc.${PANDOC_ARGS[format].ext}`);
  rmSync(out, { force: true });
  const args = [
    'paper.md',
    '-f',
    'markdown',
    ...PANDOC_ARGS[format].args,
    '--citeproc',
    '--bibliography=works.json',
    `--csl=${APA_CSL}`,
    '-o',
    out,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(PANDOC, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 && existsSync(out)
        ? resolve()
        : reject(new Error(`pandoc ${format} failed (${code}): ${stderr.slice(-2000)}`)),
    );
  });
}

/** The paper as pandoc markdown: '[ref_a; ref_b]' becomes the citation '[@ref_a; @ref_b]'. */
function pandocMarkdown(markdown: string): string {
  return markdown.replace(
    /\[(ref_[0-9a-z]{8}(?:; ref_[0-9a-z]{8})*)\]/g,
    (_, ids: string) =>
      `[${ids
        .split('; ')
        .map((id) => `@${id}`)
        .join('; ')}]`,
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const row = (cells: (string | number)[]) =>
  console.log(cells.map((cell, index) => String(cell).padEnd(index === 0 ? 8 : 16)).join(''));

async function main(): Promise<void> {
  const pages = Number(process.argv[2] ?? 100);
  const runs = Number(process.argv[3] ?? 5);
  const { markdown, works } = longPaper(pages);
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-bench-export-'));
  writeFileSync(path.join(dir, 'paper.md'), pandocMarkdown(markdown));
  writeFileSync(path.join(dir, 'works.json'), JSON.stringify(works.map((work) => workToCsl(work))));
  const browser = new ExportBrowser(CHROMIUM, 600_000);
  try {
    const words = markdown.split(/\s+/).length;
    const equations = (markdown.match(/\$\$/g) ?? []).length / 2;
    console.log(
      `\n${pages}-page paper: ${(markdown.length / 1024).toFixed(0)} KiB markdown, ~${words} words, ${works.length} works, ${equations} display equations`,
    );
    console.log(
      `load average at start: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    const hasPandoc = existsSync(PANDOC);
    if (!hasPandoc) console.log(`(no pandoc at ${PANDOC}: Scriptor's figures only)`);

    // The first export of each format after a start: modules, citeproc, Chromium all cold.
    const first = new Map<Format, number>();
    for (const format of FORMATS) {
      first.set(format, await timed(() => exportPaper(browser, format, markdown, works)));
    }

    const ours = new Map<Format, number[]>(FORMATS.map((format) => [format, []]));
    const theirs = new Map<Format, number[]>(FORMATS.map((format) => [format, []]));
    for (let run = 0; run < runs; run++) {
      for (const format of FORMATS) {
        ours.get(format)?.push(await timed(() => exportPaper(browser, format, markdown, works)));
        if (hasPandoc) theirs.get(format)?.push(await timed(() => runPandoc(format, dir)));
      }
    }

    console.log(`\nmedians of ${runs} runs, alternating; seconds\n`);
    row(['format', 'Scriptor (warm)', 'first export', 'pandoc process', 'ratio', 'goal']);
    for (const format of FORMATS) {
      const scriptor = median(ours.get(format) ?? []);
      const pandoc = hasPandoc ? median(theirs.get(format) ?? []) : Number.NaN;
      row([
        format,
        scriptor.toFixed(2),
        (first.get(format) ?? 0).toFixed(2),
        hasPandoc ? pandoc.toFixed(2) : '-',
        hasPandoc ? `${(scriptor / pandoc).toFixed(2)}x` : '-',
        format === 'pdf' ? '<= 1.0x (pdflatex)' : '<= 0.7x',
      ]);
    }
    console.log(
      '\nScriptor: the export inside a running process (stored markdown to file), warm;' +
        '\nfirst export: the same, the first time after a start; pandoc: its whole process' +
        `\nload average at end: ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
    );
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
