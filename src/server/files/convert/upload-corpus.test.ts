import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConversionError } from './conversion-error';
import { checkFile } from './registry';
import { hasReadStat, toolsRequired } from './testing/fixture-files';
import { uploadCorpus } from './testing/upload-corpus';

const root = mkdtempSync(path.join(tmpdir(), 'scriptor-corpus-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Ending = { stage: 'refused' | 'failed'; message: string } | { stage: 'converted' };

/** Checks and converts a file in this process (the conversion process runs the same code). */
async function ending(fileName: string, bytes: Uint8Array): Promise<Ending> {
  let format: Awaited<ReturnType<typeof checkFile>>;
  try {
    format = await checkFile(fileName, bytes);
  } catch (error) {
    if (error instanceof ConversionError) return { stage: 'refused', message: error.message };
    throw error;
  }
  try {
    const converter = await format.load();
    // A fresh directory per file, as each conversion process gets.
    const workDir = mkdtempSync(path.join(root, 'work-'));
    await converter({ fileName, bytes, workDir, report: () => undefined });
    return { stage: 'converted' };
  } catch (error) {
    if (error instanceof ConversionError) return { stage: 'failed', message: error.message };
    throw error;
  }
}

const corpus = uploadCorpus();
const canBuild = hasReadStat() || toolsRequired;

describe('the upload corpus', () => {
  it.each(corpus.map((entry) => [entry.name, entry] as const))(
    '%s ends with a clear message',
    { timeout: 60_000 },
    async (_, entry) => {
      if (!entry.bytes) {
        expect(canBuild).toBe(false);
        return;
      }
      const result = await ending(entry.fileName, entry.bytes);
      if (entry.outcome === 'either' && result.stage === 'converted') return;
      expect(result.stage).toBe(entry.outcome === 'either' ? 'failed' : entry.outcome);
      expect(result.stage !== 'converted' && result.message).toMatch(entry.message);
    },
  );
});
