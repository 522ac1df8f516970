import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConversionError } from '../conversion-error';
import { findProgram, runTool } from '../external-tool';
import type { Converter } from '../progress';

const LIBREOFFICE_TIMEOUT_MS = 90_000;
const LIBREOFFICE_MEMORY_BYTES = 4 * 1024 ** 3;

/**
 * The binary Office formats (.doc, .ppt) are turned into their modern form by LibreOffice
 * headless (a private profile so parallel runs never share one), then converted like those.
 */
export function libreOfficeConverter(
  from: 'doc' | 'ppt',
  to: 'docx' | 'pptx',
  next: Converter,
): Converter {
  return async (input) => {
    const soffice = findProgram('soffice') ?? findProgram('libreoffice');
    if (!soffice) {
      throw new ConversionError(
        `LibreOffice is not installed on this server, so .${from} files cannot be converted. Save the file as .${to} and upload that instead.`,
      );
    }
    input.report(`Converting .${from} to .${to} with LibreOffice`);
    const inDir = path.join(input.workDir, 'in');
    const outDir = path.join(input.workDir, 'out');
    mkdirSync(inDir, { recursive: true });
    mkdirSync(outDir, { recursive: true });
    const source = path.join(inDir, `document.${from}`);
    writeFileSync(source, input.bytes);
    const result = await runTool({
      command: soffice,
      args: [
        '--headless',
        '--norestore',
        '--nolockcheck',
        `-env:UserInstallation=${pathToFileURL(path.join(input.workDir, 'profile')).href}`,
        '--convert-to',
        to,
        '--outdir',
        outDir,
        source,
      ],
      workDir: input.workDir,
      timeoutMs: LIBREOFFICE_TIMEOUT_MS,
      memoryBytes: LIBREOFFICE_MEMORY_BYTES,
    });
    if (result.timedOut) throw new ConversionError('Converting this file took too long.');
    const output = readdirSync(outDir).find((name) => name.endsWith(`.${to}`));
    if (result.code !== 0 || !output) {
      throw new ConversionError(
        `LibreOffice could not read this .${from} file; it may be damaged or password-protected.`,
      );
    }
    const bytes = readFileSync(path.join(outDir, output));
    return next({ ...input, bytes });
  };
}
