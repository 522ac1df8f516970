import { createReadStream } from 'node:fs';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { MERMAID_LANGUAGE, parseMarkdown } from '../../shared/document';
import { refIdFor } from '../../shared/citations/ref-id';
import { readLiteratureRecords } from '../literature/formats/read-literature-records';
import { recordToWork } from '../literature/store/record-to-work';
import { EXAMPLE_SOURCE_IDS } from './example-source-ids';
import { examplePapers } from './example-papers';
import citedWorks from './cited-works.json' with { type: 'json' };

function nodes(doc: ProseMirrorNode, name: string): ProseMirrorNode[] {
  const found: ProseMirrorNode[] = [];
  doc.descendants((node) => {
    if (node.type.name === name) found.push(node);
  });
  return found;
}

describe('example papers (002 §2)', () => {
  const examples = examplePapers();

  it('are three to five, one per main paper type', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
    expect(examples.length).toBeLessThanOrEqual(5);
    expect(new Set(examples.map((example) => example.type)).size).toBe(examples.length);
    expect(examples.map((example) => example.type).sort()).toEqual([
      'assignment',
      'essay',
      'literature_review',
      'scientific',
    ]);
  });

  it.each(examples.map((example) => [example.id, example] as const))(
    '%s has citations, an equation, a table, a figure and a reference list of what it cites',
    (_id, example) => {
      const doc = parseMarkdown(example.content);
      expect(example.citations.length).toBeGreaterThanOrEqual(2);
      expect(nodes(doc, 'blockEquation').length).toBeGreaterThanOrEqual(1);
      expect(nodes(doc, 'table').length).toBeGreaterThanOrEqual(1);
      const diagrams = nodes(doc, 'codeBlock').filter(
        (block) => block.attrs.language === MERMAID_LANGUAGE,
      );
      expect(diagrams.length).toBeGreaterThanOrEqual(1);
      // The reference list names exactly the works cited, each with its APA text.
      const entries = nodes(doc, 'bibliography');
      expect(entries.map((entry) => entry.attrs.refId as string).sort()).toEqual(
        example.citations.map((work) => work.refId).sort(),
      );
      for (const entry of entries) {
        const work = (citedWorks as { refId: string; reference: string }[]).find(
          (candidate) => candidate.refId === entry.attrs.refId,
        );
        expect(entry.textContent.trim()).toBe(work?.reference);
      }
    },
  );

  it('cite real works of the bundled corpus, as the corpus load stores them', async () => {
    const wanted = new Set(EXAMPLE_SOURCE_IDS);
    const fromCorpus = new Map<string, { title: string; doi: string | null; abstract: string }>();
    for await (const record of readLiteratureRecords(
      createReadStream('corpus/openalex-sample.jsonl.gz'),
    )) {
      if (!wanted.has(record.sourceId)) continue;
      const work = recordToWork(record);
      fromCorpus.set(refIdFor(work), {
        title: work.title,
        doi: work.doi,
        abstract: work.abstract ?? '',
      });
    }
    expect(fromCorpus.size).toBe(EXAMPLE_SOURCE_IDS.length);
    const cited = examples.flatMap((example) => example.citations);
    for (const work of cited) {
      expect(fromCorpus.get(work.refId), work.refId).toEqual({
        title: work.title,
        doi: work.doi,
        abstract: work.abstract ?? '',
      });
    }
  }, 60_000);
});
