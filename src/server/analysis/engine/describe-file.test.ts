import { afterAll, describe, expect, it } from 'vitest';
import {
  hasLibreOffice,
  libreOfficeConvert,
  toolsRequired,
  xlsxBytes,
} from '../../files/convert/testing/fixture-files';
import { analysisConfig } from '../analysis-config';
import { SandboxedKernelRunner } from '../kernel/sandboxed-kernel-runner';
import { loadCode } from './describe-file';

const runner = new SandboxedKernelRunner(analysisConfig({}));
afterAll(() => runner.close());

const SHEETS = {
  Weights: [
    ['sample', 'weight'],
    ['s1', 10.5],
    ['s2', 11],
    ['s3', 12.25],
  ],
  Notes: [['note'], ['calibrated']],
};

/** Runs the load code the notebooks start with, in a real sandboxed kernel. */
async function load(name: string, format: string, bytes: Uint8Array): Promise<string> {
  const code = loadCode(name, format, await runner.libraries());
  const kernel = await runner.start({ name, bytes });
  try {
    const run = await kernel.execute(
      `import pandas as pd\n${code}\nprint(df.shape, list(df.columns))`,
    );
    expect(run.status).toBe('ok');
    return run.outputs.map((output) => ('text' in output ? output.text : '')).join('');
  } finally {
    await kernel.shutdown();
  }
}

describe('the load code of a notebook, in a real kernel', { timeout: 180_000 }, () => {
  it('reads a csv whatever its separator', async () => {
    const csv = new TextEncoder().encode('group;score\na;1,5\nb;2\n');
    expect(await load('scores.csv', 'csv', csv)).toBe("(2, 2) ['group', 'score']\n");
  });

  it('reads the first sheet of an xlsx', async () => {
    expect(await load('lab.xlsx', 'xlsx', await xlsxBytes(SHEETS))).toBe(
      "(3, 2) ['sample', 'weight']\n",
    );
  });

  it.skipIf(!hasLibreOffice() && !toolsRequired)('reads an xls with the xlrd at hand', async () => {
    const xls = libreOfficeConvert('lab.xlsx', await xlsxBytes(SHEETS), 'xls');
    if (!xls) throw new Error('LibreOffice is not installed but CI should have installed it');
    expect(await load('lab.xls', 'xls', xls)).toBe("(3, 2) ['sample', 'weight']\n");
  });
});
