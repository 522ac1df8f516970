import { strToU8, zipSync } from 'fflate';
import type { LatexExport } from './render-latex';

export interface Download {
  body: Buffer | string;
  type: string;
  fileName: string;
}

/**
 * How the LaTeX export travels (docs/export.md): document.tex alone when it includes no
 * figure, as it always did; with drawn diagrams, document.zip holding document.tex and its
 * figures/ beside it, the folder latexmk compiles as it is once unpacked.
 */
export function latexDownload({ tex, figures }: LatexExport): Download {
  if (figures.length === 0) {
    return { body: tex, type: 'application/x-tex; charset=utf-8', fileName: 'document.tex' };
  }
  const entries: Record<string, Uint8Array> = { 'document.tex': strToU8(tex) };
  // PNGs are compressed already: stored, not deflated again.
  for (const figure of figures) entries[figure.name] = figure.png;
  const zip = zipSync(entries, { level: 0 });
  return { body: Buffer.from(zip), type: 'application/zip', fileName: 'document.zip' };
}
