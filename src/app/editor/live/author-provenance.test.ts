import { describe, expect, it } from 'vitest';
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { schema } from '../../../shared/document/schema';
import {
  aiProvenance,
  provenanceOf,
  withProvenance,
} from '../../../shared/document/provenance/provenance';
import { parseMarkdown } from '../../../shared/document/schema';
import { authorProvenancePlugin } from './author-provenance';

const ALICE = { id: 'u-alice', name: 'Alice' };
const AI = aiProvenance('section-rewrite', 'openai:fake-small', new Date('2026-12-02T05:00:00Z'));

function stateOf(doc = withProvenance(parseMarkdown('The AI wrote this.'), AI, schema)) {
  return EditorState.create({ doc, plugins: [authorProvenancePlugin(() => ALICE)] });
}

/** The paragraph's text as runs of `source:text`. */
function runs(state: EditorState): string[] {
  const result: string[] = [];
  state.doc.descendants((node) => {
    if (!node.isText) return true;
    result.push(`${provenanceOf(node.marks)?.source ?? 'none'}:${node.text}`);
    return false;
  });
  return result;
}

/** Types `text` at `pos` as the view does: inserted text inherits the marks there. */
function type(state: EditorState, pos: number, text: string): EditorState {
  const at = state.apply(state.tr.setSelection(TextSelection.create(state.doc, pos)));
  return at.apply(at.tr.insertText(text));
}

describe('the author provenance plugin', () => {
  it('marks typing inside AI text as the AI’s text edited by the person', () => {
    const state = type(stateOf(), 8, 'really ');
    expect(runs(state)).toEqual(['ai:The AI ', 'ai-edited:really ', 'ai:wrote this.']);
    const edited = state.doc.firstChild!.child(1);
    expect(provenanceOf(edited.marks)).toMatchObject({
      feature: 'section-rewrite',
      model: 'openai:fake-small',
      userId: ALICE.id,
    });
  });

  it('marks typing after AI text as typed by the person', () => {
    const state = type(stateOf(), 19, ' Mine.');
    expect(runs(state)).toEqual(['ai:The AI wrote this.', 'typed: Mine.']);
  });

  it('marks a paste from outside as pasted and keeps the marks of an internal one', () => {
    const start = stateOf();
    const outside = start.apply(
      start.tr.insert(19, schema.text(' From the web.')).setMeta('uiEvent', 'paste'),
    );
    expect(runs(outside)).toEqual(['ai:The AI wrote this.', 'pasted: From the web.']);
    const aiSlice = withProvenance(parseMarkdown('Moved AI.'), AI, schema).firstChild!.content;
    const inside = outside.apply(outside.tr.insert(1, aiSlice).setMeta('uiEvent', 'paste'));
    expect(runs(inside)[0]).toBe('ai:Moved AI.The AI wrote this.');
  });

  it('leaves changes that arrive through the live document alone', () => {
    const start = stateOf(parseMarkdown('Remote.'));
    const remote = start.apply(
      start.tr.insertText(' More.', 8).setMeta('y-sync$', { isChangeOrigin: true }),
    );
    expect(runs(remote)).toEqual(['none:Remote. More.']);
  });
});
