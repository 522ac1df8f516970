/**
 * The AI Writing Process end to end against the local fake model: a 20-section paper written
 * by one job on a real server (PGlite, the mini corpus). Prints the engine's own time per
 * section (the section's run minus the fake model's answer, which is immediate) and in total,
 * and the prompt size of each section as the paper grows, with the share taken by the
 * sections already written, against their budget (PROMPT_BUDGET.writtenSections) and the whole
 * prompt's budget (the sum of PROMPT_BUDGET).
 *
 *   npx tsx bench/ai/writing-process.ts [--sections 20] [--words 400]
 */
import { PROMPT_BUDGET } from '../../src/server/ai/prompt/section-prompt';
import { tokenCount } from '../../src/server/ai/prompt/token-count';
import {
  ALL_TYPES_FILTERS,
  createPaper,
  startModelServer,
} from '../../src/server/routes/api/ai/ai-test-support';
import { defaultResponder, type ChatRequest } from '../../src/server/testing/fake-openai-server';
import { numberFlag } from '../search/bench-args';

const SECTIONS = numberFlag('sections', 20);
const WORDS = numberFlag('words', 400);

const WRITTEN_HEADER = /You write the body of the section "([^"]+)"/;

/** A long section body: the digest of earlier sections has to be cut to its budget. */
function sectionText(title: string): string {
  const sentence = `The ${title} part reports how open access relates to citation counts in this study.`;
  const words = sentence.split(' ').length;
  return Array.from({ length: Math.ceil(WORDS / words) }, () => sentence).join(' ');
}

interface JobSection {
  sectionTitle: string;
  status: string;
  startedAt: string | null;
  completedAt: string | null;
}

async function main(): Promise<void> {
  const { fake, server, close } = await startModelServer('pglite', [
    {
      model_name: 'openai:fake-small',
      descriptive_name: 'Fake small',
      cost_per_section: 0.01,
      free_tier: true,
    },
  ]);
  try {
    fake.respond = (request: ChatRequest) => {
      const title = request.body.response_format
        ? undefined
        : WRITTEN_HEADER.exec(request.prompt)?.[1];
      return title ? { kind: 'text', chunks: [sectionText(title)] } : defaultResponder(request);
    };
    const client = await server.signedInClient('Bench');
    const titles = Array.from({ length: SECTIONS }, (_v, index) => `Topic ${index + 1}`);
    const paperId = await createPaper(
      client,
      ['# Benchmark paper', ...titles.map((title) => `## ${title}\n\nNotes on ${title}.`)].join(
        '\n\n',
      ),
    );
    const started = performance.now();
    const response = await client.post('/api/scaffolded-writing/start', {
      paperId,
      sections: titles.map((title, index) => ({
        sectionIndex: index + 1,
        sectionNumber: String(index + 1),
        sectionTitle: title,
        sectionLevel: 2,
      })),
      filters: ALL_TYPES_FILTERS,
    });
    if (response.status !== 200)
      throw new Error(`start: ${response.status} ${JSON.stringify(response.body)}`);
    const jobId = response.body.jobId as string;
    let job: { status: string; sections: JobSection[] };
    for (;;) {
      job = (await client.get(`/api/scaffolded-writing/status/${jobId}`))
        .body as unknown as typeof job;
      if (!['pending', 'in_progress'].includes(job.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const total = performance.now() - started;
    if (job.status !== 'completed') throw new Error(`the job ended ${job.status}`);

    const prompts = new Map(
      fake.chats.flatMap((chat) => {
        const title = chat.body.response_format ? undefined : WRITTEN_HEADER.exec(chat.prompt)?.[1];
        return title ? [[title, chat.prompt] as const] : [];
      }),
    );
    const promptBudget = Object.values(PROMPT_BUDGET).reduce((sum, value) => sum + value, 0);
    console.log(
      `AI Writing Process: ${SECTIONS} sections of about ${WORDS} words, fake model, PGlite`,
    );
    console.log(
      `  budget: earlier sections ${PROMPT_BUDGET.writtenSections} tokens, whole prompt ${promptBudget} tokens`,
    );
    console.log('  section   engine ms   prompt tokens   earlier-sections tokens');
    const times: number[] = [];
    let over = 0;
    job.sections.forEach((section, index) => {
      const ms = Date.parse(section.completedAt ?? '') - Date.parse(section.startedAt ?? '');
      times.push(ms);
      const prompt = prompts.get(section.sectionTitle) ?? '';
      const earlier =
        /already written \(build on them; do not repeat them\):\n\n([\s\S]*?)\n\n(?:Files uploaded|Literature|Current text)/.exec(
          prompt,
        )?.[1] ?? '';
      const tokens = tokenCount(prompt);
      if (tokens > promptBudget || tokenCount(earlier) > PROMPT_BUDGET.writtenSections) over += 1;
      console.log(
        `  ${String(index + 1).padStart(7)}   ${String(ms).padStart(9)}   ${String(tokens).padStart(13)}   ${String(tokenCount(earlier)).padStart(23)}`,
      );
    });
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `  engine per section: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms`,
    );
    console.log(
      `  total (start to last section stored, with 100 ms polling): ${total.toFixed(0)} ms`,
    );
    console.log(`  sections over budget: ${over}`);
  } finally {
    await close();
  }
}

await main();
