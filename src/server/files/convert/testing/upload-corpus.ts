import { savBytes } from './fixture-files';
import { hostileFiles } from './hostile-files';

/**
 * The regression and fuzz corpus of uploads: files that once crashed, stalled or misled, and
 * seeded mutations of valid files. Each must end the way `outcome` says, never with a crash
 * or the generic 'could not be converted'. Run by upload-corpus.test.ts (in process) and by
 * files.api.test.ts (through the route, on both databases).
 */
export interface CorpusCase {
  name: string;
  fileName: string;
  /** undefined when the tool that builds it (ReadStat) is missing. */
  bytes: Uint8Array | undefined;
  /** refused: before conversion (400); failed: by the converter; either: converted or failed. */
  outcome: 'refused' | 'failed' | 'either';
  /** What the user is told when it is refused or fails. */
  message: RegExp;
}

/** A small deterministic generator (mulberry32), so every run fuzzes the same files. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` copies of `bytes`, each with a few bytes after the first `keep` overwritten. */
export function mutations(bytes: Uint8Array, count: number, keep: number, seed = 18): Uint8Array[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    const copy = new Uint8Array(bytes);
    const changes = 1 + Math.floor(random() * 8);
    for (let change = 0; change < changes; change += 1) {
      const at = keep + Math.floor(random() * (copy.length - keep));
      copy[at] = Math.floor(random() * 256);
    }
    return copy;
  });
}

const SAV_PROBLEM = /^(This SPSS file|The text in this SPSS file)/;

function savCases(): CorpusCase[] {
  const sav = savBytes();
  const truncated = [8, 100, 300, 600].map((length): CorpusCase => ({
    name: `a .sav cut at ${length} bytes`,
    fileName: `cut-${length}.sav`,
    bytes: sav?.subarray(0, length),
    outcome: 'failed',
    message: /^This SPSS file ends too early/,
  }));
  // The first four bytes ($FL2) stay, so the files reach ReadStat.
  const fuzzed = (sav ? mutations(sav, 8, 4) : Array.from({ length: 8 }, () => undefined)).map(
    (bytes, index): CorpusCase => ({
      name: `a fuzzed .sav (${index + 1})`,
      fileName: `fuzzed-${index + 1}.sav`,
      bytes,
      outcome: 'either',
      message: SAV_PROBLEM,
    }),
  );
  return [...truncated, ...fuzzed];
}

export function uploadCorpus(): CorpusCase[] {
  return [
    {
      name: 'a zip bomb',
      ...hostileFiles.zipBomb,
      outcome: 'refused',
      message: /zip bomb/,
    },
    {
      name: 'a zip whose parts lie about their sizes',
      ...hostileFiles.lyingZipBomb,
      outcome: 'refused',
      message: /zip bomb/,
    },
    ...savCases(),
  ];
}
