/**
 * Data analysis figures: the sandboxed kernel's start time, the time per executed cell, the
 * engine's overhead per step against the local fake provider, and the peak memory of the
 * automatic analysis of a 100,000-row file. Needs the Debian packages of docs/data-analysis.md.
 *
 *   npx tsx bench/analysis/analysis.ts
 */
import { performance } from 'node:perf_hooks';
import { analysisConfig } from '../../src/server/analysis/analysis-config';
import { automaticPlan } from '../../src/server/analysis/engine/automatic-analysis';
import { SandboxedKernelRunner } from '../../src/server/analysis/kernel/sandboxed-kernel-runner';
import {
  analyse,
  analystResponder,
  FIGURE_CELL,
  LOAD_CELL,
  SCORES_CSV,
  TEST_CELL,
  uploadDataFile,
  userIdOf,
} from '../../src/server/routes/api/data-analysis/analysis-test-support';
import { startModelServer } from '../../src/server/routes/api/ai/ai-test-support';
import { defaultResponder } from '../../src/server/testing/fake-openai-server';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function kernelFigures(runner: SandboxedKernelRunner) {
  const starts: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const began = performance.now();
    const session = await runner.start({
      name: 'scores.csv',
      bytes: new TextEncoder().encode(SCORES_CSV),
    });
    starts.push(performance.now() - began);
    if (run < 2) await session.shutdown();
    else {
      await session.execute(LOAD_CELL);
      const cells: Record<string, number[]> = {
        'print(1)': [],
        'df.describe()': [],
        't-test': [],
        figure: [],
      };
      const code: Record<string, string> = {
        'print(1)': 'print(1)',
        'df.describe()': 'df.describe()',
        't-test': `from scipy import stats\n${TEST_CELL}`,
        figure: FIGURE_CELL,
      };
      for (let round = 0; round < 10; round += 1) {
        for (const [name, source] of Object.entries(code)) {
          const at = performance.now();
          await session.execute(source);
          cells[name]!.push(performance.now() - at);
        }
      }
      console.log(
        `kernel start (sandbox + ipykernel + pandas ready): median ${ms(median(starts))} of ${starts.length}`,
      );
      for (const [name, times] of Object.entries(cells)) {
        console.log(`  cell ${name.padEnd(14)} median ${ms(median(times))} (n=${times.length})`);
      }
      await session.shutdown();
    }
  }
}

async function memoryFigure(runner: SandboxedKernelRunner) {
  const rows = ['group,score,hours,weight'];
  for (let index = 0; index < 100_000; index += 1) {
    rows.push(
      `${index % 3 === 0 ? 'a' : 'b'},${(index * 7) % 101},${(index * 13) % 17},${((index * 31) % 1000) / 10}`,
    );
  }
  const bytes = new TextEncoder().encode(rows.join('\n'));
  const session = await runner.start({ name: 'big.csv', bytes });
  const plan = automaticPlan('big.csv', 'csv', await runner.libraries());
  const began = performance.now();
  for (const cell of plan.code) {
    const run = await session.execute(cell);
    if (run.status !== 'ok')
      throw new Error(`cell failed: ${JSON.stringify(run.outputs).slice(0, 300)}`);
  }
  const elapsed = performance.now() - began;
  const peak = await session.execute(
    'import resource\nprint(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)',
  );
  const kb = Number((peak.outputs[0] as { text?: string }).text ?? '0');
  console.log(
    `100,000-row file (${(bytes.byteLength / 1e6).toFixed(1)} MB), automatic notebook: ${ms(elapsed)}, kernel peak RSS ${(kb / 1024).toFixed(0)} MB, server process peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
  await session.shutdown();
}

async function engineOverhead() {
  const { fake, server, close } = await startModelServer('pglite', [
    { model_name: 'openai:fake-small', descriptive_name: 'Fake small', free_tier: true },
  ]);
  fake.respond = (chat) => analystResponder(chat) ?? defaultResponder(chat);
  try {
    const client = await server.signedInClient();
    const { id } = await userIdOf(client);
    const fileId = (await uploadDataFile(client, 'scores.csv', SCORES_CSV, id)).body.fileId;
    const steps: number[] = [];
    const kernel: number[] = [];
    for (let run = 0; run < 4; run += 1) {
      const began = performance.now();
      const { step } = await analyse(client, {
        jobId: 'bench-conversation',
        question: 'Is the difference significant?',
        messages: [],
        fileId,
      });
      steps.push(performance.now() - began);
      if (step?.status !== 'completed') throw new Error(`step ${step?.status}: ${step?.error}`);
      // The same cells on a warm kernel of their own: what the step spent executing.
      const at = performance.now();
      for (const cell of step.trace.cells.filter((entry) => entry.cell_type === 'code')) {
        await server.context.analysis.kernels.execute(
          'bench-direct',
          'bench',
          async () => ({ name: 'scores.csv', bytes: new TextEncoder().encode(SCORES_CSV) }),
          cell.source,
        );
      }
      kernel.push(performance.now() - at);
    }
    // The first step also starts the conversation's kernel; later ones reuse it.
    const warm = steps.slice(1);
    const direct = kernel.slice(1);
    console.log(
      `engine step with the fake provider (warm kernel): median ${ms(median(warm))}; the same cells run directly: ${ms(median(direct))}; overhead per step (model calls to a local fake, checkpoints, polling, streaming): ${ms(median(warm) - median(direct))}; first step incl. kernel start ${ms(steps[0]!)}`,
    );
  } finally {
    await close();
  }
}

async function main() {
  const runner = new SandboxedKernelRunner(analysisConfig(process.env));
  const reason = await runner.unavailableReason();
  if (reason) throw new Error(`Data analysis is not available: ${reason}`);
  await kernelFigures(runner);
  await memoryFigure(runner);
  await engineOverhead();
}

await main();
