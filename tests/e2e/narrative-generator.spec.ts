import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  WALKTHROUGH_STEPS,
  walkthroughFileName,
} from '../../src/app/first-contact/walkthrough/walkthrough-steps';

/**
 * The walkthrough's screenshots are committed, so a renamed control would leave them stale
 * without anyone noticing. This walks all 16 steps with the real generator (its own server on the
 * narrative fake model, Debian's Chromium) into a temporary folder, without the video.
 */
test('the walkthrough generator still walks every step of the real app', async () => {
  test.setTimeout(600_000);
  const out = mkdtempSync(path.join(tmpdir(), 'scriptor-narrative-'));
  try {
    const { code, output } = await new Promise<{ code: number | null; output: string }>(
      (resolve) => {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            'scripts/narrative/generate.ts',
            '--skip-build',
            '--no-video',
            '--out',
            out,
          ],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.on('close', (exit) => resolve({ code: exit, output: text }));
      },
    );
    expect(code, output).toBe(0);
    expect(output).not.toContain('unavailable');
    expect(output).toContain(
      `${WALKTHROUGH_STEPS.length} of ${WALKTHROUGH_STEPS.length} walkthrough screenshots`,
    );
    for (const [index, step] of WALKTHROUGH_STEPS.entries()) {
      const image = readFileSync(path.join(out, walkthroughFileName(index, step.id)));
      expect(image.subarray(0, 4).toString('latin1'), step.id).toBe('RIFF');
      expect(image.subarray(8, 12).toString('latin1'), step.id).toBe('WEBP');
      expect(image.length, step.id).toBeGreaterThan(10_000);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
