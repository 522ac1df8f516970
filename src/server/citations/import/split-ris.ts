/** One RIS record as text, with where it starts and whether it is well delimited. */
export interface RisChunk {
  text: string;
  /** 1-based line of the record's first tag. */
  line: number;
  /** The record's ID tag, when it has one. */
  key: string | null;
  /** False for tag lines that appear before any 'TY  -' line. */
  hasType: boolean;
}

// The standard is 'XX  - value'; exporters differ in the spaces, so be lenient about them.
const TAG = /^([A-Z][A-Z0-9])\s{1,2}-(?:\s(.*))?$/;

/**
 * Cuts RIS text into records: a record opens at 'TY  -' and closes at 'ER  -'. A record whose
 * ER is missing ends where the next TY begins, so a truncated record does not eat its
 * neighbour. Lines that are not tags continue the previous field (long abstracts wrap).
 */
export function splitRis(text: string): RisChunk[] {
  const chunks: RisChunk[] = [];
  let open: RisChunk | null = null;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const tag = TAG.exec(line.trimEnd());
    const name = tag?.[1];
    if (name === 'TY') {
      if (open) chunks.push(open);
      open = { text: line, line: index + 1, key: null, hasType: true };
    } else if (name === 'ER') {
      if (open) chunks.push({ ...open, text: `${open.text}\n${line}` });
      open = null;
    } else if (name !== undefined) {
      open ??= { text: '', line: index + 1, key: null, hasType: false };
      open.text = open.text === '' ? line : `${open.text}\n${line}`;
      if (name === 'ID' && tag?.[2]) open.key = tag[2].trim();
    } else if (open && line.trim() !== '') {
      open.text += `\n${line}`;
    }
  }
  if (open) chunks.push(open);
  return chunks;
}
