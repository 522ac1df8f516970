/**
 * Export figures (no assertions): time and peak memory to export a 100-page paper (built like
 * the editor benchmark's document: 60,000 words, citations, equations, lists, tables) to DOCX,
 * LaTeX, HTML and PDF, side by side with pandoc on the same markdown (citations as pandoc
 * citations with --citeproc and the same APA style, so both format a reference list).
 * Every run is a fresh process; its peak memory is the largest summed RSS of its process tree
 * (Node plus Chromium for Scriptor's PDF, pandoc plus pdflatex for pandoc's), sampled every 20 ms.
 * pandoc: Debian's /usr/bin/pandoc (PANDOC to point elsewhere); its PDF goes through pdflatex.
 * Run: npx tsx bench/export/export.ts [pages]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { workToCsl } from '../../src/server/citations/csl';
import { ExportBrowser } from '../../src/server/export/chromium/export-browser';
import { renderDiagramImages } from '../../src/server/export/chromium/diagram-images';
import { renderDocx } from '../../src/server/export/docx/render-docx';
import { buildExportPaper } from '../../src/server/export/export-paper';
import { exportHtml } from '../../src/server/export/html/export-html';
import { renderLatex } from '../../src/server/export/latex/render-latex';
import { exportPdf } from '../../src/server/export/pdf/export-pdf';
import { longPaper } from '../../src/server/export/testing/long-paper';

const SELF = fileURLToPath(import.meta.url);
const PANDOC = process.env.PANDOC ?? '/usr/bin/pandoc';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const APA_CSL = path.join(path.dirname(SELF), '../../src/server/citations/styles/apa.csl');
const FORMATS = ['docx', 'latex', 'html', 'pdf'] as const;
type Format = (typeof FORMATS)[number];

interface Measurement {
  seconds: number;
  peakMb: number;
  bytes: number;
  stdout: string;
}

/** Child mode: exports the paper in one format in this process and writes the file. */
async function exportOne(format: Format, pages: number, out: string): Promise<void> {
  const { markdown, works } = longPaper(pages);
  const start = performance.now();
  const paper = buildExportPaper({
    title: 'A Synthetic Paper on Sleep and Memory',
    content: markdown,
    citations: works,
    citationStyle: 'apa',
    includeAbstracts: false,
  });
  const browser = new ExportBrowser(CHROMIUM, 600_000);
  try {
    let file: Buffer | string;
    if (format === 'docx')
      file = await renderDocx(paper, await renderDiagramImages(browser, paper.doc));
    else if (format === 'latex') file = renderLatex(paper);
    else if (format === 'html') file = await exportHtml(browser, paper);
    else file = await exportPdf(browser, paper, { paperSize: 'A4', maxPages: 100_000 });
    writeFileSync(out, file);
  } finally {
    await browser.close();
  }
  // The export alone, from markdown to file, without Node's start and module loading.
  process.stdout.write(String((performance.now() - start) / 1000));
}

/** Summed RSS of a process and all its descendants, in kB (0 once it is gone). */
function treeRssKb(pid: number): number {
  let total = 0;
  const visit = (id: number) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children.split(/\s+/).filter(Boolean)) visit(Number(child));
      }
    } catch {
      // The process ended between two reads.
    }
  };
  visit(pid);
  return total;
}

/** Runs a command, sampling its process tree's memory, and answers time, peak and output size. */
function measure(command: string, args: string[], out: string, cwd?: string): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let peakKb = 0;
    const timer = setInterval(() => {
      if (child.pid !== undefined) peakKb = Math.max(peakKb, treeRssKb(child.pid));
    }, 20);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const seconds = (performance.now() - start) / 1000;
      if (code !== 0 || !existsSync(out)) {
        reject(new Error(`${command} ${args.join(' ')} failed (${code}): ${stderr.slice(-2000)}`));
        return;
      }
      resolve({ seconds, peakMb: peakKb / 1024, bytes: readFileSync(out).length, stdout });
    });
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

const PANDOC_ARGS: Record<Format, { ext: string; args: string[] }> = {
  docx: { ext: 'docx', args: ['-t', 'docx'] },
  latex: { ext: 'tex', args: ['-t', 'latex', '-s'] },
  html: { ext: 'html', args: ['-t', 'html5', '-s', '--mathml'] },
  pdf: { ext: 'pdf', args: ['-t', 'pdf', '--pdf-engine=pdflatex'] },
};

const row = (cells: (string | number)[]) =>
  console.log(cells.map((cell, index) => String(cell).padEnd(index === 0 ? 8 : 14)).join(''));

async function main(): Promise<void> {
  const pages = Number(process.argv[2] ?? 100);
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-bench-export-'));
  try {
    const { markdown, works } = longPaper(pages);
    const source = path.join(dir, 'paper.md');
    writeFileSync(source, pandocMarkdown(markdown));
    const bibliography = path.join(dir, 'works.json');
    writeFileSync(bibliography, JSON.stringify(works.map((work) => workToCsl(work))));
    const words = markdown.split(/\s+/).length;
    console.log(
      `\n${pages}-page paper: ${(markdown.length / 1024).toFixed(0)} KiB markdown, ~${words} words, ${works.length} works cited`,
    );
    const hasPandoc = existsSync(PANDOC);
    if (!hasPandoc) console.log(`(no pandoc at ${PANDOC}: Scriptor's figures only)`);
    console.log('\nfresh process per run; peak = largest summed RSS of the process tree\n');
    row([
      'format',
      'Scriptor s',
      'export s',
      'Scriptor MB',
      'pandoc s',
      'pandoc MB',
      'time ratio',
      'export ratio',
      'memory ratio',
    ]);
    for (const format of FORMATS) {
      const out = path.join(dir, `scriptor.${PANDOC_ARGS[format].ext}`);
      const ours = await measure(
        process.execPath,
        ['--import', 'tsx', SELF, '--one', format, String(pages), out],
        out,
      );
      const exportSeconds = Number(ours.stdout);
      if (!hasPandoc) {
        row([
          format,
          ours.seconds.toFixed(2),
          exportSeconds.toFixed(2),
          ours.peakMb.toFixed(0),
          '-',
          '-',
          '-',
          '-',
          '-',
        ]);
        continue;
      }
      const theirsOut = path.join(dir, `pandoc.${PANDOC_ARGS[format].ext}`);
      const theirs = await measure(
        PANDOC,
        [
          source,
          '-f',
          'markdown',
          ...PANDOC_ARGS[format].args,
          '--citeproc',
          `--bibliography=${bibliography}`,
          `--csl=${APA_CSL}`,
          '-o',
          theirsOut,
        ],
        theirsOut,
        dir,
      );
      row([
        format,
        ours.seconds.toFixed(2),
        exportSeconds.toFixed(2),
        ours.peakMb.toFixed(0),
        theirs.seconds.toFixed(2),
        theirs.peakMb.toFixed(0),
        `${(ours.seconds / theirs.seconds).toFixed(2)}x`,
        `${(exportSeconds / theirs.seconds).toFixed(2)}x`,
        `${(ours.peakMb / theirs.peakMb).toFixed(2)}x`,
      ]);
    }
    console.log(
      '\nScriptor s: the whole process; export s: markdown to file inside it, without Node start' +
        '\nratio = Scriptor / pandoc (below 1: Scriptor is faster or smaller); pandoc s is its whole process',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--one') {
  await exportOne(process.argv[3] as Format, Number(process.argv[4]), process.argv[5] as string);
} else {
  await main();
}
