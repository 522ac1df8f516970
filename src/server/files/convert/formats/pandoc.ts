import { ConversionError } from '../conversion-error';
import { decodeText } from '../decode-text';
import { blocksToMarkdown } from '../document-builder';
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

async function runPandoc(format: PandocFormat, bytes: Uint8Array) {
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

/** .docx, .pptx and .tex through pandoc (the official WebAssembly build), equations kept. */
export function pandocConverter(format: PandocFormat): Converter {
  return async ({ bytes, report }) => {
    report('Converting with pandoc');
    let result: Awaited<ReturnType<typeof runPandoc>>;
    try {
      result = await runPandoc(format, bytes);
    } catch {
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
