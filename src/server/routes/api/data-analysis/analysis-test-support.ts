import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ChatRequest, FakeAnswer } from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';

const run = promisify(execFile);

/** Two groups whose scores clearly differ, and a second measure. */
export const SCORES_CSV = [
  'group,score,hours',
  ...Array.from({ length: 40 }, (_, index) => {
    const group = index % 2 === 0 ? 'control' : 'treatment';
    const score = (group === 'control' ? 60 : 70) + ((index * 7) % 11) - 5;
    return `${group},${score},${10 + ((index * 3) % 7)}`;
  }),
].join('\n');

export async function userIdOf(client: TestClient): Promise<{ id: string; email: string }> {
  const { body } = await client.get('/api/me');
  return body.user as unknown as { id: string; email: string };
}

/** POST /api/data-upload as the browser sends it: multipart with the file and the userId. */
export async function uploadDataFile(
  client: TestClient,
  name: string,
  content: string | Uint8Array,
  userId: string,
) {
  const form = new FormData();
  form.set(
    'file',
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)]),
    name,
  );
  form.set('userId', userId);
  const response = await fetch(`${client.baseUrl}/api/data-upload`, {
    method: 'POST',
    headers: { origin: client.baseUrl, cookie: client.cookieHeader() },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export interface StepAnswer {
  status: string;
  result: { report: string } | null;
  trace: { cells: TraceCell[] };
  progress: {
    stage: string;
    step: number;
    totalSteps: number;
    currentOperation: string;
    details: string;
  } | null;
  error: string | null;
  automatic: boolean;
}

export interface TraceCell {
  cell_type: string;
  source: string;
  execution_count?: number | null;
  metadata: { tags?: string[] };
  outputs?: {
    output_type: string;
    text?: string;
    ename?: string;
    evalue?: string;
    data?: Record<string, string>;
  }[];
}

/** POST /api/data-analysis, answered as far as its headers (the text streams on). */
export function startAnalysis(client: TestClient, body: Record<string, unknown>) {
  return fetch(`${client.baseUrl}/api/data-analysis`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: client.baseUrl,
      cookie: client.cookieHeader(),
    },
    body: JSON.stringify(body),
  });
}

/** The step's job, polled until `until` holds (by default: until the step has ended). */
export async function pollStep(
  client: TestClient,
  stepId: string,
  until: (step: StepAnswer) => boolean = (step) => !['pending', 'processing'].includes(step.status),
): Promise<StepAnswer> {
  for (let i = 0; i < 1800; i += 1) {
    const { body } = await client.get(`/api/data-analysis/job?stepId=${stepId}`);
    const step = body as unknown as StepAnswer;
    if (until(step)) return step;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the analysis step never got there: ${stepId}`);
}

/** POST /api/data-analysis read to its end, then the step's job polled until it ends. */
export async function analyse(client: TestClient, body: Record<string, unknown>) {
  const response = await startAnalysis(client, body);
  const streamed = await response.text();
  const stepId = response.headers.get('x-step-id');
  if (!stepId) return { status: response.status, streamed, stepId, step: undefined };
  return { status: response.status, streamed, stepId, step: await pollStep(client, stepId) };
}

const SANDBOX_CGROUPS = '/sys/fs/cgroup';

/**
 * The cgroup folders of this process's sandboxes for `controller`, by group name (v1, as here
 * and in CI: `/sys/fs/cgroup/<controller>/scriptor-sandboxes/<pid>-…`; v2 under `unified`).
 */
export function sandboxGroups(controller: string): Map<string, string> {
  const groups = new Map<string, string>();
  for (const root of [controller, 'unified'].map((part) =>
    path.join(SANDBOX_CGROUPS, part, 'scriptor-sandboxes'),
  )) {
    let entries;
    try {
      entries = readdirSync(root, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && entry.name.startsWith(`${process.pid}-`)) {
        groups.set(entry.name, path.join(root, entry.name));
      }
    }
  }
  return groups;
}

/** How many processes a sandbox cgroup folder holds. */
export function processesIn(groupDir: string): number {
  const procs = readFileSync(path.join(groupDir, 'cgroup.procs'), 'utf8');
  return procs.split('\n').filter(Boolean).length;
}

export const isAnalysisRequest = (chat: ChatRequest, kind: 'PLAN' | 'CORRECTION' | 'REPORT') =>
  chat.prompt.includes(`DATA ANALYSIS ${kind}`);

export const LOAD_CELL =
  'import pandas as pd\nimport matplotlib.pyplot as plt\ndf = pd.read_csv("scores.csv")\nprint(df.shape)';
/** Forgets to import scipy.stats: fails with NameError, then the correction imports it. */
export const TEST_CELL =
  'a = df[df.group == "control"].score\nb = df[df.group == "treatment"].score\nresult = stats.ttest_ind(a, b, equal_var=False)\nprint(f"t = {result.statistic:.3f}, p = {result.pvalue:.2e}")';
export const FIGURE_CELL =
  'df.boxplot(column="score", by="group")\nplt.title("Scores by group")\nplt.show()';

/** A model that plans three cells, one of which fails, corrects it, and reports. */
export function analystResponder(chat: ChatRequest): FakeAnswer | undefined {
  if (isAnalysisRequest(chat, 'PLAN')) {
    return {
      kind: 'json',
      value: {
        plan: 'We compare the two groups with a Welch t-test and show a box plot.',
        cells: [LOAD_CELL, TEST_CELL, FIGURE_CELL],
      },
    };
  }
  if (isAnalysisRequest(chat, 'CORRECTION')) {
    return { kind: 'json', value: { code: `from scipy import stats\n${TEST_CELL}` } };
  }
  if (isAnalysisRequest(chat, 'REPORT')) {
    const printed = /t = (-?[\d.]+), p = ([\d.e+-]+)/.exec(chat.prompt);
    return {
      kind: 'text',
      chunks: [
        'A Welch t-test showed that the treatment group scored higher than the control group ',
        `(t = ${printed?.[1] ?? '?'}, p = ${printed?.[2] ?? '?'}) [ref_abcdefgh].`,
      ],
    };
  }
  return undefined;
}

/** nbformat's validator and a re-run with nbclient next to the data file: each code cell's stdout. */
export async function validateAndRerun(
  notebookJson: string,
  dataName: string,
  data: string | Uint8Array,
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-notebook-'));
  try {
    writeFileSync(path.join(dir, 'analysis.ipynb'), notebookJson);
    writeFileSync(path.join(dir, dataName), data);
    const script = [
      'import json, sys, nbformat',
      'from nbclient import NotebookClient',
      'nb = nbformat.read(sys.argv[1], as_version=4)',
      'nbformat.validate(nb)',
      'NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": sys.argv[2]}}).execute()',
      'print(json.dumps(["".join(o.get("text", "") for o in c.get("outputs", []) if o.get("output_type") == "stream" and o.get("name") == "stdout") for c in nb.cells if c.cell_type == "code"]))',
    ].join('\n');
    const { stdout } = await run(
      '/usr/bin/python3',
      ['-c', script, path.join(dir, 'analysis.ipynb'), dir],
      { env: { ...process.env, MPLBACKEND: 'Agg', PYDEVD_DISABLE_FILE_VALIDATION: '1' } },
    );
    return JSON.parse(stdout.trim().split('\n').pop() ?? '[]') as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
