import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ConversionMessage, ConversionRequest } from './conversion-child';
import { ConversionError } from './conversion-error';
import type { ReportStatus } from './progress';

export interface ConversionLimits {
  timeoutMs: number;
  /** The conversion process's JavaScript heap limit. */
  memoryMb: number;
}

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'conversion-child.ts');
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Conversions are CPU-heavy (LibreOffice, pandoc); more at once would only slow each down. */
const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function slot(report: ReportStatus): Promise<() => void> {
  if (running >= MAX_PARALLEL) {
    report('Waiting for another conversion to finish');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running += 1;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Converts one file to markdown in a separate process with a heap limit and a time limit; the
 * process (and any tool it started) is killed when time runs out. Failures meant for the user
 * are ConversionErrors; an unexpected crash is reported as one too, with a generic message,
 * and logged through `onCrash`.
 */
export async function runConversion(
  request: ConversionRequest,
  limits: ConversionLimits,
  report: ReportStatus,
  onCrash: (detail: string) => void = () => undefined,
): Promise<string> {
  const release = await slot(report);
  try {
    return await new Promise<string>((resolve, reject) => {
      const child = fork(CHILD, [], {
        execArgv: ['--import', TSX_LOADER, `--max-old-space-size=${limits.memoryMb}`],
        serialization: 'advanced',
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      let settled = false;
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-4000);
      });
      const finish = (action: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        killGroup(child.pid);
        action();
      };
      const timer = setTimeout(() => {
        finish(() =>
          reject(
            new ConversionError(
              `Converting this file took too long (over ${Math.round(limits.timeoutMs / 1000)} seconds), so it was stopped.`,
            ),
          ),
        );
      }, limits.timeoutMs);
      child.on('message', (message: ConversionMessage) => {
        if (message.type === 'status') report(message.status);
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
      child.send(request);
    });
  } finally {
    release();
  }
}
