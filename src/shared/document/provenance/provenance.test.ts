import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  applyMarkdown,
  markdownToYDoc,
  yDocToMarkdown,
  yDocToNode,
  applyNode,
} from '../live/y-document';
import { parseMarkdown, schema, serializeMarkdown } from '../schema';
import { summarizeAiUse } from './ai-use-summary';
import { aiUseAppendix, draftAiUseStatement, REVIEW_SENTENCE } from './ai-use-statement';
import {
  aiProvenance,
  personProvenance,
  provenanceOf,
  withProvenance,
  type ProvenanceAttrs,
} from './provenance';

const ALICE = { id: 'u-alice', name: 'Alice' };
const AT = new Date('2026-12-02T05:00:00Z');

/** The paper's text with each character's source, as runs: 'ai:Text. ' … */
function runs(doc: ReturnType<typeof parseMarkdown>): string[] {
  const result: string[] = [];
  doc.descendants((node) => {
    if (!node.isText) return true;
    const source = provenanceOf(node.marks)?.source ?? 'none';
    result.push(`${source}:${node.text}`);
    return false;
  });
  return result;
}

function marked(markdown: string, attrs: ProvenanceAttrs) {
  return withProvenance(parseMarkdown(markdown), attrs, schema);
}

describe('the provenance mark', () => {
  it('is left out of markdown', () => {
    const doc = marked(
      '# Intro\n\nThe *AI* wrote [ref_abc12345] this.',
      aiProvenance('structure', 'openai:m', AT),
    );
    expect(serializeMarkdown(doc)).toBe('# Intro\n\nThe *AI* wrote [ref_abc12345] this.');
  });

  it('is kept through the live document as one formatted run per source', () => {
    const ai = marked('An AI paragraph.', aiProvenance('writing-process', 'openai:m', AT));
    const ydoc = new Y.Doc();
    applyNode(ydoc, ai, 'test');
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(ydoc));
    expect(runs(yDocToNode(copy))).toEqual(['ai:An AI paragraph.']);
    const text = copy.getXmlFragment('default').get(0) as Y.XmlElement;
    expect((text.get(0) as Y.XmlText).toDelta()).toHaveLength(1);
  });

  it('stays on unchanged text when markdown is applied over it', () => {
    const ydoc = new Y.Doc();
    const doc = withProvenance(
      parseMarkdown('# Intro\n\nThe AI wrote this.\n\nAnd this too.'),
      aiProvenance('structure', 'openai:m', AT),
      schema,
    );
    applyNode(ydoc, doc, 'test');
    applyMarkdown(ydoc, '# Intro\n\nThe AI wrote this, then a person.\n\nAnd this too.', 'api');
    expect(yDocToMarkdown(ydoc)).toBe(
      '# Intro\n\nThe AI wrote this, then a person.\n\nAnd this too.',
    );
    expect(runs(yDocToNode(ydoc))).toEqual([
      'ai:Intro',
      'ai:The AI wrote this',
      'none:, then a person',
      'ai:.',
      'ai:And this too.',
    ]);
  });

  it('keeps a document applied from its own markdown unchanged', () => {
    const ydoc = markdownToYDoc('Plain.');
    const before = Y.encodeStateVector(ydoc);
    applyMarkdown(ydoc, 'Plain.', 'api');
    expect(Y.encodeStateVector(ydoc)).toEqual(before);
  });
});

describe('the AI-use summary', () => {
  const ai = aiProvenance('writing-process', 'openai:fake-small', AT);
  const typed = personProvenance('typed', ALICE);
  const pasted = personProvenance('pasted', ALICE);

  function paper() {
    const mark = (attrs: ProvenanceAttrs) => schema.marks.provenance!.create(attrs);
    const edited = {
      ...ai,
      source: 'ai-edited' as const,
      at: null,
      userId: ALICE.id,
      userName: ALICE.name,
    };
    return schema.node('doc', null, [
      schema.node('numberedHeading', { level: 2 }, [schema.text('Methods', [mark(typed)])]),
      schema.node('paragraph', null, [
        schema.text('Four words from AI. ', [mark(ai)]),
        schema.text('Two ', [mark(typed)]),
        schema.text('typed. ', [mark(typed)]),
        schema.text('Pasted here. ', [mark(pasted)]),
        schema.text('An ', [mark(ai)]),
        schema.text('edited', [mark(edited)]),
        schema.text(' sentence', [mark(ai)]),
        schema.text('s', [mark(edited)]),
        schema.text(' old', []),
      ]),
    ]);
  }

  it('counts words by where they came from, per paper and per section', () => {
    const summary = summarizeAiUse(paper());
    expect(summary.words).toEqual({
      total: 13,
      ai: 5,
      aiEdited: 2,
      pasted: 2,
      unknown: 1,
      typed: { [ALICE.id]: { name: 'Alice', words: 3 } },
    });
    expect(summary.sections.map((section) => section.title)).toEqual(['Methods']);
    expect(summary.contributions).toEqual([
      { feature: 'writing-process', model: 'openai:fake-small', at: AT.toISOString(), words: 6 },
    ]);
  });

  it('drafts a statement claiming only what the record shows', () => {
    const summary = summarizeAiUse(paper());
    const statement = draftAiUseStatement(summary, { reviewed: false });
    expect(statement).toBe(
      'This paper was prepared in Scriptor, whose AI features (AI Writing Process) generated text with the model openai:fake-small on 2 December 2026. ' +
        'According to Scriptor’s record, 38% of its 13 words were written by the AI and left as written, 15% were written by the AI and then edited by the authors, 23% were typed by the authors in Scriptor, 15% were pasted from elsewhere and 8% have no recorded origin.',
    );
    expect(statement).not.toContain(REVIEW_SENTENCE);
    expect(draftAiUseStatement(summary, { reviewed: true })).toContain(REVIEW_SENTENCE);
    expect(aiUseAppendix(summary)).toEqual([
      '2 December 2026: AI Writing Process, model openai:fake-small, 6 words still in the paper.',
    ]);
  });

  it('says no AI text was recorded when there is none', () => {
    const summary = summarizeAiUse(marked('Typed by hand.', typed));
    expect(draftAiUseStatement(summary, { reviewed: true })).toBe(
      'No text in this paper was written by Scriptor’s AI features, as far as Scriptor recorded it.',
    );
  });
});
