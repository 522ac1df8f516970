import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ConversionMessage, ConversionRequest } from './conversion-child';
import { ConversionError } from './conversion-error';
import { CONVERSION_QUEUE_LIMITS, ConversionQueue } from './conversion-queue';
import type { ReportStatus } from './progress';

export interface ConversionLimits {
  timeoutMs: number;
  /** The conversion process's JavaScript heap limit. */
  memoryMb: number;
}

export interface ConversionJob {
  fileName: string;
  bytes: Uint8Array;
  /** Whose conversion this is: the queue serves users in turn. */
  userId: string;
  /** Aborted when nobody waits for the result any more (the client went away). */
  signal?: AbortSignal;
}

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'conversion-child.ts');
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const queue = new ConversionQueue(CONVERSION_QUEUE_LIMITS);

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

const TOO_LONG = (limits: ConversionLimits) =>
  new ConversionError(
    `Converting this file took too long (over ${Math.round(limits.timeoutMs / 1000)} seconds), so it was stopped.`,
  );

/**
 * Runs one conversion process. This side owns everything the conversion leaves: the work
 * directory is made here and removed here once the process (and every tool it started) has
 * been killed and has exited, because a process killed at its time limit cleans up nothing.
 */
async function convertInChild(
  job: ConversionJob,
  limits: ConversionLimits,
  report: ReportStatus,
  onCrash: (detail: string) => void,
): Promise<string> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'scriptor-convert-'));
  const child = fork(CHILD, [], {
    execArgv: ['--import', TSX_LOADER, `--max-old-space-size=${limits.memoryMb}`],
    serialization: 'advanced',
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // A process that could not be started never exits.
    child.once('error', () => {
      if (child.pid === undefined) resolve();
    });
  });
  const toolGroups = new Set<number>();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  try {
    return await new Promise<string>((resolve, reject) => {
      let settled = false;
      const finish = (action: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        job.signal?.removeEventListener('abort', onAbort);
        action();
      };
      const timer = setTimeout(() => finish(() => reject(TOO_LONG(limits))), limits.timeoutMs);
      const onAbort = () =>
        finish(() =>
          reject(new ConversionError('The upload was cancelled, so was its conversion.')),
        );
      if (job.signal?.aborted) onAbort();
      job.signal?.addEventListener('abort', onAbort);
      child.on('message', (message: ConversionMessage) => {
        if (message.type === 'status') report(message.status);
        else if (message.type === 'tool') toolGroups.add(message.pid);
        else if (message.type === 'done') finish(() => resolve(message.markdown));
        else {
          if (!message.expected) onCrash(message.message);
          finish(() =>
            reject(
              new ConversionError(
                message.expected ? message.message : 'This file could not be converted.',
              ),
            ),
          );
        }
      });
      child.on('error', (error) => {
        onCrash(String(error));
        finish(() => reject(new ConversionError('This file could not be converted.')));
      });
      child.on('exit', (code, signal) => {
        if (settled) return;
        onCrash(`conversion process exited (${signal ?? code}): ${stderr}`);
        finish(() =>
          reject(
            new ConversionError(
              'Converting this file needed more memory than allowed, or the converter failed.',
            ),
          ),
        );
      });
      const request: ConversionRequest = { fileName: job.fileName, bytes: job.bytes, workDir };
      child.send(request);
    });
  } finally {
    killGroup(child.pid);
    // Tools run in process groups of their own (so that their own time limits can kill them).
    for (const group of toolGroups) killGroup(group);
    await exited;
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Converts one file to markdown in a separate process with a heap limit and a time limit; the
 * process (and any tool it started) is killed when time runs out or the client goes away.
 * Conversions wait their turn in a queue that is fair between users. Failures meant for the
 * user are ConversionErrors; an unexpected crash is reported as one too, with a generic
 * message, and logged through `onCrash`.
 */
export async function runConversion(
  job: ConversionJob,
  limits: ConversionLimits,
  report: ReportStatus,
  onCrash: (detail: string) => void = () => undefined,
): Promise<string> {
  const release = await queue.acquire(job.userId, job.bytes.byteLength, () =>
    report('Waiting for another conversion to finish'),
  );
  try {
    if (job.signal?.aborted) {
      throw new ConversionError('The upload was cancelled, so was its conversion.');
    }
    return await convertInChild(job, limits, report, onCrash);
  } finally {
    release();
  }
}
