import {
  defaultResponder,
  evidenceIds,
  type ChatRequest,
  type FakeAnswer,
} from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import { ALL_TYPES_FILTERS } from '../ai/ai-test-support';

/** The wizard's properties for a structure and its refinement. */
export const TOPIC = {
  title: 'Open access and citation counts',
  description: 'Whether articles that are freely available online are cited more often',
  paperType: 'scientific',
  methodology: 'Case Study',
  field: 'Computer Science',
  filters: ALL_TYPES_FILTERS,
};

export interface TreeSection {
  level: number;
  title: string;
  purpose: string;
  works: { refId: string; title: string }[];
}

export interface RefineStatus {
  jobId: string;
  jobType: string;
  status: string;
  title: string;
  paperId: string | null;
  structureJobId: string | null;
  refineJobId: string | null;
  currentSection: number;
  totalSections: number;
  progress: number;
  error: string | null;
  sections: { sectionTitle: string; status: string }[];
  result: RefineResultBody | null;
}

export interface RefineResultBody {
  content: string;
  sections: TreeSection[];
  refinedSections: { sectionTitle: string; status: string; subsections: TreeSection[] }[];
  template: boolean;
}

export const isSubsectionRequest = (chat: ChatRequest) =>
  'subsections' in (chat.body.response_format?.json_schema?.schema?.properties ?? {});

export const isStructureRequest = (chat: ChatRequest) =>
  'sections' in (chat.body.response_format?.json_schema?.schema?.properties ?? {});

/** The heading a subsection request expands ('Heading to expand: …'). */
export function headingOf(chat: ChatRequest): string | undefined {
  if (!isSubsectionRequest(chat)) return undefined;
  return /Heading to expand: ([^\n(]+?)(?: \(purpose|\n|$)/.exec(chat.prompt)?.[1];
}

/** A model that expands a heading into three subsections, each naming listed works. */
export function subsectionAnswer(chat: ChatRequest): FakeAnswer {
  const ids = evidenceIds(chat.prompt);
  const heading = headingOf(chat) ?? 'Heading';
  return {
    kind: 'json',
    value: {
      subsections: [1, 2, 3].map((part) => ({
        title: `${heading} part ${part}`,
        purpose: `Covers part ${part} of ${heading}.`,
        works: [ids[part - 1], ids[part], 'ref_zzzzzzzz'].filter(Boolean),
      })),
    },
  };
}

/** A model that proposes the structure `titles` (all ##) and refines every heading. */
export function structureAndRefine(titles: readonly string[]) {
  return (chat: ChatRequest): FakeAnswer => {
    if (isSubsectionRequest(chat)) return subsectionAnswer(chat);
    if (!isStructureRequest(chat)) return defaultResponder(chat);
    const [first, second] = evidenceIds(chat.prompt);
    return {
      kind: 'json',
      value: {
        sections: titles.map((title) => ({
          level: 2,
          title,
          purpose: `What ${title} is for.`,
          works: [first, second].filter(Boolean),
        })),
      },
    };
  };
}

export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  tries = 300,
): Promise<T> {
  for (let i = 0; i < tries; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition never met');
}

export async function refineStatus(client: TestClient, jobId: string): Promise<RefineStatus> {
  const response = await client.get(`/api/refine-structure/status/${jobId}`);
  if (response.status !== 200) throw new Error(`status ${response.status}`);
  return response.body as unknown as RefineStatus;
}

export const FINISHED = new Set(['completed', 'failed', 'cancelled']);

export async function refineFinished(client: TestClient, jobId: string): Promise<RefineStatus> {
  return eventually(
    () => refineStatus(client, jobId),
    (status) => FINISHED.has(status.status),
  );
}

/** A structure job run to its result. */
export async function structureOf(
  client: TestClient,
  body: Record<string, unknown> = {},
): Promise<{ jobId: string; sections: TreeSection[]; markdown: string }> {
  const response = await client.post('/api/structure', { ...TOPIC, ...body });
  if (response.status !== 202) throw new Error(`structure: ${response.status}`);
  const jobId = response.body.jobId as string;
  const done = await eventually(
    async () => (await client.get(`/api/structure?jobId=${jobId}`)).body,
    (body) => !['pending', 'processing'].includes(body.status as string),
  );
  if (done.status !== 'completed') throw new Error(`structure ${String(done.error)}`);
  const result = done.result as { sections: TreeSection[]; markdown: string };
  return { jobId, sections: result.sections, markdown: result.markdown };
}

export async function historyOf(client: TestClient) {
  const { body } = await client.get('/api/user/billing-history');
  return (body as unknown as { entries: { kind: string; what: string; amount: number }[] }).entries;
}

export const balanceOf = async (client: TestClient) =>
  (await client.get('/api/user/balance')).body.balance as number;
