import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConversionError } from '../conversion-error';
import { decodeText } from '../decode-text';
import { blocksToMarkdown } from '../document-builder';
import { findProgram, runTool } from '../external-tool';
import type { Converter } from '../progress';
import { type PandocDocument, PandocAstReader } from './pandoc-ast';

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
/** Images beyond these sizes would crowd out the text in every prompt; they are left out. */
const MAX_IMAGE_BYTES = 512 * 1024;
const MAX_IMAGES_BYTES = 4 * 1024 * 1024;

async function mediaUrls(media: Record<string, Blob>): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  let total = 0;
  for (const [path, blob] of Object.entries(media)) {
    const type = IMAGE_TYPES[path.split('.').pop()?.toLowerCase() ?? ''];
    if (!type || blob.size > MAX_IMAGE_BYTES || total + blob.size > MAX_IMAGES_BYTES) continue;
    total += blob.size;
    const base64 = Buffer.from(await blob.arrayBuffer()).toString('base64');
    urls.set(path, `data:${type};base64,${base64}`);
  }
  return urls;
}

type PandocFormat = 'docx' | 'pptx' | 'latex';

/** What pandoc answers: its JSON AST, its messages and the images it extracted. */
interface PandocResult {
  stdout: string;
  stderr: string;
  mediaFiles?: Record<string, Blob>;
}

const NATIVE_TIMEOUT_MS = 90_000;
// GHC's runtime reserves address space it never uses; it settles for less under a limit.
const NATIVE_MEMORY_BYTES = 4 * 1024 ** 3;

async function runWasmPandoc(format: PandocFormat, bytes: Uint8Array): Promise<PandocResult> {
  // The 58 MB WebAssembly module is compiled on import, so only the conversion process loads it.
  const { convert } = await import('pandoc-wasm');
  if (format === 'latex') {
    return convert({ from: 'latex', to: 'json' }, decodeText(bytes).text, {});
  }
  const input = `input.${format}`;
  return convert(
    { from: format, to: 'json', 'input-files': [input], 'extract-media': 'media' },
    null,
    { [input]: new Blob([Buffer.from(bytes)]) },
  );
}

/**
 * A .docx through the installed pandoc (Debian's), about four times as fast as the WebAssembly
 * build, in a folder of its own inside the work directory, with the external tools' limits and
 * sandbox. Its AST goes through the same reader; images come back as the files it extracted.
 */
async function runNativePandoc(
  pandoc: string,
  bytes: Uint8Array,
  workDir: string,
): Promise<PandocResult> {
  const dir = mkdtempSync(path.join(workDir, 'pandoc-'));
  writeFileSync(path.join(dir, 'input.docx'), bytes);
  const result = await runTool({
    command: pandoc,
    args: ['--from=docx', '--to=json', '--extract-media=media', 'input.docx'],
    workDir: dir,
    timeoutMs: NATIVE_TIMEOUT_MS,
    memoryBytes: NATIVE_MEMORY_BYTES,
  });
  if (result.timedOut) throw new ConversionError('Converting this file took too long.');
  if (result.code !== 0) return { stdout: '', stderr: result.stderr };
  return { stdout: result.stdout, stderr: result.stderr, mediaFiles: extractedMedia(dir) };
}

/** The files under `dir/media`, keyed by the path the AST names them by ('media/image1.png'). */
function extractedMedia(dir: string): Record<string, Blob> {
  const media: Record<string, Blob> = {};
  let names: string[];
  try {
    names = readdirSync(path.join(dir, 'media'), { recursive: true, encoding: 'utf8' });
  } catch {
    return media; // no images
  }
  for (const name of names) {
    const file = path.join(dir, 'media', name);
    try {
      media[`media/${name}`] = new Blob([readFileSync(file)]);
    } catch {
      // a folder
    }
  }
  return media;
}

/**
 * Debian's pandoc (2.17 on Debian 12) reads .docx as the WebAssembly build (pandoc 3) does, to
 * an AST the same reader takes; it has no .pptx reader, and .tex stays on one pandoc, so those
 * always use the WebAssembly build, as .docx does where pandoc is not installed.
 */
function runPandoc(format: PandocFormat, bytes: Uint8Array, workDir: string) {
  const pandoc = format === 'docx' ? findProgram('pandoc') : null;
  return pandoc ? runNativePandoc(pandoc, bytes, workDir) : runWasmPandoc(format, bytes);
}

/** .docx, .pptx and .tex through pandoc (the official WebAssembly build), equations kept. */
export function pandocConverter(format: PandocFormat): Converter {
  return async ({ bytes, report, workDir }) => {
    report('Converting with pandoc');
    let result: PandocResult;
    try {
      result = await runPandoc(format, bytes, workDir);
    } catch (error) {
      if (error instanceof ConversionError) throw error;
      throw new ConversionError('This document could not be read; the file may be damaged.');
    }
    if (!result.stdout.trim()) {
      const detail = result.stderr.trim().split('\n')[0] ?? '';
      throw new ConversionError(
        `This document could not be read${detail ? `: ${detail}` : '; the file may be damaged.'}`,
      );
    }
    report('Building markdown');
    const ast = JSON.parse(result.stdout) as PandocDocument;
    const reader = new PandocAstReader(await mediaUrls(result.mediaFiles ?? {}));
    return blocksToMarkdown(reader.document(ast));
  };
}
