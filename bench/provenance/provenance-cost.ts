/**
 * The cost of provenance on a 60,000-word paper (issue 37): stored Yjs state size, heap after
 * loading, the time to read the document out of Yjs, and the time of one keystroke's marking
 * (the editor's appended transaction) — without provenance and with it (each paragraph the
 * AI's, typed, or the AI's with an edit inside). Figures only, side by side; no assertions.
 * Run: node --expose-gc --import tsx bench/provenance/provenance-cost.ts
 */
import { Fragment } from '@tiptap/pm/model';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import * as Y from 'yjs';
import { applyNode, yDocToNode } from '../../src/shared/document/live/y-document';
import { parseMarkdown, schema } from '../../src/shared/document/schema';
import { summarizeAiUse } from '../../src/shared/document/provenance/ai-use-summary';
import {
  aiProvenance,
  personProvenance,
  withProvenance,
} from '../../src/shared/document/provenance/provenance';
import { authorProvenancePlugin } from '../../src/app/editor/live/author-provenance';

const WORDS = 60_000;
const PER_PARAGRAPH = 120;
const ALICE = { id: 'u-alice', name: 'Alice' };
const words = 'sleep memory consolidation hippocampus cortex replay spindle oscillation'.split(' ');

function paper(): string {
  const blocks: string[] = [];
  for (let written = 0, p = 0; written < WORDS; written += PER_PARAGRAPH, p++) {
    if (p % 10 === 0) blocks.push(`## Section ${p / 10 + 1}`);
    const text = Array.from({ length: PER_PARAGRAPH }, (_, i) => words[(i + p) % words.length]);
    blocks.push(`${text.join(' ')}.`);
  }
  return blocks.join('\n\n');
}

function withMixedProvenance(markdown: string) {
  const doc = parseMarkdown(markdown);
  const blocks: ReturnType<typeof parseMarkdown>[] = [];
  doc.forEach((block, _offset, index) => {
    const ai = aiProvenance(
      'writing-process',
      'openai:model',
      new Date(Date.UTC(2026, 11, 1, index % 24)),
    );
    if (index % 3 === 0) blocks.push(withProvenance(block, ai, schema));
    else if (index % 3 === 1 || block.type.name !== 'paragraph')
      blocks.push(withProvenance(block, personProvenance('typed', ALICE), schema));
    else {
      // The AI's paragraph with one word edited inside.
      const marked = withProvenance(block, ai, schema);
      const text = marked.textContent;
      const mark = schema.marks.provenance!;
      blocks.push(
        schema.node(block.type, block.attrs, [
          schema.text(text.slice(0, 40), [mark.create(ai)]),
          schema.text(' edited', [
            mark.create({
              ...ai,
              source: 'ai-edited',
              at: null,
              userId: ALICE.id,
              userName: ALICE.name,
            }),
          ]),
          schema.text(text.slice(40), [mark.create(ai)]),
        ]),
      );
    }
  });
  return doc.copy(Fragment.from(blocks));
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function measure(label: string, doc: ReturnType<typeof parseMarkdown>) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const ydoc = new Y.Doc();
  applyNode(ydoc, doc, 'bench');
  const state = Y.encodeStateAsUpdate(ydoc);
  global.gc?.();
  const heap = process.memoryUsage().heapUsed - heapBefore;
  const reads: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    yDocToNode(ydoc);
    reads.push(performance.now() - start);
  }
  const summaries: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    summarizeAiUse(doc);
    summaries.push(performance.now() - start);
  }
  let editor = EditorState.create({ doc, plugins: [authorProvenancePlugin(() => ALICE)] });
  editor = editor.apply(editor.tr.setSelection(TextSelection.create(editor.doc, 20)));
  const keys: number[] = [];
  for (let run = 0; run < 200; run++) {
    const start = performance.now();
    editor = editor.apply(editor.tr.insertText('x'));
    keys.push(performance.now() - start);
  }
  console.log(
    `${label.padEnd(22)} state ${(state.byteLength / 1024).toFixed(0).padStart(6)} KiB  heap ${(heap / 2 ** 20).toFixed(1).padStart(6)} MiB  read ${median(reads).toFixed(0).padStart(5)} ms  summary ${median(summaries).toFixed(0).padStart(4)} ms  keystroke ${median(keys).toFixed(2)} ms`,
  );
}

const markdown = paper();
measure('without provenance', parseMarkdown(markdown));
measure('with provenance', withMixedProvenance(markdown));
