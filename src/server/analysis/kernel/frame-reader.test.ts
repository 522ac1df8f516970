import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readFrames } from './frame-reader';

function reader(maxBytes: number) {
  const input = new PassThrough();
  const frames: string[] = [];
  let overflows = 0;
  readFrames(
    input,
    maxBytes,
    (frame) => frames.push(frame),
    () => (overflows += 1),
  );
  return { input, frames, overflows: () => overflows };
}

describe('readFrames', () => {
  it('splits lines across and within chunks', () => {
    const { input, frames } = reader(100);
    input.write('{"a":');
    input.write('1}\n{"b":2}\n{"c"');
    input.write(':3}\n');
    expect(frames).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('keeps a multi-byte character split between chunks whole', () => {
    const { input, frames } = reader(100);
    const bytes = Buffer.from('é\n');
    input.write(bytes.subarray(0, 1));
    input.write(bytes.subarray(1));
    expect(frames).toEqual(['é']);
  });

  it('stops at a line past the cap, however it arrives, without holding it', () => {
    const whole = reader(1000);
    whole.input.write(`${'A'.repeat(1001)}\n{"late":1}\n`);
    expect(whole.frames).toEqual([]);
    expect(whole.overflows()).toBe(1);

    // 700 MiB without a newline, a MiB at a time: refused at the first MiB past the cap.
    const endless = reader(4 * 1024 * 1024);
    const mib = Buffer.alloc(1024 * 1024, 65);
    for (let index = 0; index < 700; index += 1) endless.input.write(mib);
    expect(endless.frames).toEqual([]);
    expect(endless.overflows()).toBe(1);
  });

  it('accepts a line of exactly the cap', () => {
    const { input, frames, overflows } = reader(10);
    input.write(`${'B'.repeat(10)}\n`);
    expect(frames).toEqual(['B'.repeat(10)]);
    expect(overflows()).toBe(0);
  });
});
