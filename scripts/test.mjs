#!/usr/bin/env node
// The one test command (`npm test`): type-check, lint, unit, API (PGlite and Postgres) and
// browser tests, in that order, then one summary line. CI runs exactly this.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORTS = '.tmp/test-reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const only = process.argv.slice(2);
const steps = [
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: ['npx', 'eslint', '.', '--max-warnings', '0'] },
  { name: 'format', command: ['npx', 'prettier', '--check', '.', '--log-level', 'warn'] },
  {
    name: 'unit',
    command: vitest('unit'),
    count: () => countVitest(`${REPORTS}/unit.json`),
  },
  {
    name: 'api',
    command: vitest('api'),
    count: () => countVitest(`${REPORTS}/api.json`),
  },
  {
    name: 'e2e',
    command: ['npx', 'playwright', 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json` },
    count: () => countPlaywright(`${REPORTS}/e2e.json`),
  },
].filter((step) => only.length === 0 || only.includes(step.name));

function vitest(project) {
  return [
    'npx',
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${REPORTS}/${project}.json`,
  ];
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function countVitest(file) {
  const report = readJson(file);
  if (!report) return undefined;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests,
  };
}

function countPlaywright(file) {
  const report = readJson(file);
  if (!report) return undefined;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  return { passed: expected + flaky, failed: unexpected, skipped };
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const durations = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.command[0], step.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  durations.push(`${step.name} ${Math.round((Date.now() - started) / 1000)} s`);
  const counts = step.count?.();
  if (counts) {
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  if (result.status !== 0) {
    failedSteps.push(step.name);
    // A step that failed without failing a test (a crash, a type error) still counts once.
    if (!counts || counts.failed === 0) totals.failed += 1;
  }
}

console.log(`\nTime per step: ${durations.join(', ')}`);
console.log(`Steps failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
