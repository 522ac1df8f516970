import type { Readable } from 'node:stream';

/**
 * Splits what a sandbox's driver sends into lines of at most `maxBytes` bytes, never holding
 * more than that: a longer line (or an unfinished one past the cap) is reported once through
 * `onOverflow` and nothing more is read, so no input can grow a string without bound in the
 * server (a RangeError there would end the process).
 */
export function readFrames(
  input: Readable,
  maxBytes: number,
  onFrame: (frame: string) => void,
  onOverflow: () => void,
): void {
  let chunks: Buffer[] = [];
  let held = 0;
  let stopped = false;
  input.on('data', (chunk: Buffer) => {
    if (stopped) return;
    let rest = chunk;
    for (let newline = rest.indexOf(10); newline !== -1; newline = rest.indexOf(10)) {
      if (held + newline > maxBytes) break;
      chunks.push(rest.subarray(0, newline));
      const frame = Buffer.concat(chunks).toString('utf8');
      chunks = [];
      held = 0;
      rest = rest.subarray(newline + 1);
      onFrame(frame);
    }
    if (held + rest.length > maxBytes) {
      stopped = true;
      chunks = [];
      input.resume();
      onOverflow();
      return;
    }
    if (rest.length) {
      chunks.push(rest);
      held += rest.length;
    }
  });
}
