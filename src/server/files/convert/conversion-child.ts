/**
 * The process one conversion runs in (started by run-conversion.ts). A converter that hangs,
 * crashes or runs out of memory takes only this process down, never the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConversionError } from './conversion-error';
import { formatForName } from './registry';

export interface ConversionRequest {
  fileName: string;
  bytes: Uint8Array;
}

export type ConversionMessage =
  | { type: 'status'; status: string }
  | { type: 'done'; markdown: string }
  | { type: 'failed'; message: string; expected: boolean };

function send(message: ConversionMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });
}

process.once('message', (request: ConversionRequest) => {
  void (async () => {
    const workDir = mkdtempSync(path.join(tmpdir(), 'scriptor-convert-'));
    try {
      const converter = await formatForName(request.fileName).load();
      const markdown = await converter({
        fileName: request.fileName,
        bytes: request.bytes,
        workDir,
        report: (status) => void send({ type: 'status', status }),
      });
      await send({ type: 'done', markdown });
    } catch (error) {
      const expected = error instanceof ConversionError;
      await send({
        type: 'failed',
        expected,
        message: expected ? error.message : String(error instanceof Error ? error.stack : error),
      });
    } finally {
      rmSync(workDir, { recursive: true, force: true });
      process.exit(0);
    }
  })();
});
