/**
 * The process one conversion runs in (started by run-conversion.ts). A converter that hangs,
 * crashes or runs out of memory takes only this process down, never the server. The work
 * directory belongs to the parent, which removes it whatever happens here.
 */
import { ConversionError } from './conversion-error';
import { onToolStarted } from './external-tool';
import { formatForName } from './registry';

export interface ConversionRequest {
  fileName: string;
  bytes: Uint8Array;
  /** A private scratch directory made (and removed) by the parent. */
  workDir: string;
}

export type ConversionMessage =
  | { type: 'status'; status: string }
  /** An external tool's process group, for the parent to kill with this process. */
  | { type: 'tool'; pid: number }
  | { type: 'done'; markdown: string }
  | { type: 'failed'; message: string; expected: boolean };

function send(message: ConversionMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });
}

onToolStarted((pid) => void send({ type: 'tool', pid }));

process.once('message', (request: ConversionRequest) => {
  void (async () => {
    try {
      const converter = await formatForName(request.fileName).load();
      const markdown = await converter({
        fileName: request.fileName,
        bytes: request.bytes,
        workDir: request.workDir,
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
      process.exit(0);
    }
  })();
});
