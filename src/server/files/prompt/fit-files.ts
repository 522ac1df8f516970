import type { PromptFile, PromptFiles } from '../prompt-files';
import { countTokens } from './count-tokens';
import { chunkFile, type FileChunk } from './file-chunks';
import { scoreChunks } from './rank-chunks';

/** Put where parts of a shortened file were left out, so the model knows text is missing. */
export const OMISSION = '[…]';
const OMISSION_TOKENS = 4;

function assemble(chunks: FileChunk[], total: number): string {
  const sorted = [...chunks].sort((a, b) => a.index - b.index);
  const parts: string[] = [];
  sorted.forEach((chunk, position) => {
    const previous = sorted[position - 1];
    const gap = previous ? chunk.index - previous.index > 1 : chunk.index > 0;
    if (gap) parts.push(OMISSION);
    parts.push(chunk.text);
  });
  if ((sorted.at(-1)?.index ?? -1) < total - 1) parts.push(OMISSION);
  return parts.join('\n\n');
}

/**
 * The files as they fit in `tokenBudget`: whole when they all fit; otherwise the chunks most
 * relevant to `focusText` (BM25F, ties in document order) until the budget is spent, each file
 * keeping its chosen parts in order with […] where text was left out. A file none of whose parts
 * fit is left out. Both kinds are named in `shortened`.
 */
export function fitFilesToBudget(
  files: PromptFile[],
  focusText: string,
  tokenBudget: number,
): PromptFiles {
  const total = files.reduce((sum, file) => sum + countTokens(file.markdown), 0);
  if (total <= tokenBudget) return { files, shortened: [] };

  const chunksByFile = files.map((file, index) => chunkFile(index, file.markdown));
  const chunks = chunksByFile.flat();
  const scores = scoreChunks(chunks, focusText);
  const order = chunks
    .map((chunk, position) => ({ chunk, score: scores[position] ?? 0, position }))
    .sort((a, b) => b.score - a.score || a.position - b.position);

  const chosen = new Set<FileChunk>();
  let used = 0;
  for (const { chunk } of order) {
    const cost = chunk.tokens + OMISSION_TOKENS;
    if (used + cost > tokenBudget) continue;
    chosen.add(chunk);
    used += cost;
  }

  const result: PromptFile[] = [];
  const shortened: string[] = [];
  files.forEach((file, index) => {
    const own = (chunksByFile[index] ?? []).filter((chunk) => chosen.has(chunk));
    const all = chunksByFile[index]?.length ?? 0;
    if (own.length < all) shortened.push(file.filename);
    if (own.length > 0) result.push({ ...file, markdown: assemble(own, all) });
  });
  return { files: result, shortened };
}
