import { useId } from 'react';
import type { Editor } from '@tiptap/core';
import { Modal } from '../../components/Modal';
import {
  percent,
  summarizeAiUse,
  type WordCounts,
} from '../../../shared/document/provenance/ai-use-summary';
import { featureName, formatDay } from '../../../shared/document/provenance/ai-use-statement';

export const PROVENANCE_LIMITS =
  'Provenance is what Scriptor saw: text typed elsewhere and pasted here is shown as pasted, not typed. Text written before Scriptor kept provenance, or by an API client, has no recorded origin.';

function typedWords(counts: WordCounts): number {
  return Object.values(counts.typed).reduce((sum, entry) => sum + entry.words, 0);
}

interface AiUsePanelProps {
  editor: Editor;
  highlight: boolean;
  onHighlightChange: (on: boolean) => void;
  onClose: () => void;
}

/**
 * 'AI use' (issue 37, item 2): for the paper and each section, the share of words the AI wrote
 * and left as written, the AI wrote and a person edited, each person typed, and pasted; the AI
 * features and models used and when; and the editor's highlight of AI-written text.
 */
export function AiUsePanel({ editor, highlight, onHighlightChange, onClose }: AiUsePanelProps) {
  const summary = summarizeAiUse(editor.state.doc);
  const { words } = summary;
  const highlightId = useId();
  const rows: { label: string; words: number }[] = [
    { label: 'Written by the AI, left as written', words: words.ai },
    { label: 'Written by the AI, then edited', words: words.aiEdited },
    ...Object.values(words.typed).map((entry) => ({
      label: `Typed by ${entry.name}`,
      words: entry.words,
    })),
    { label: 'Pasted', words: words.pasted },
    ...(words.unknown > 0 ? [{ label: 'No recorded origin', words: words.unknown }] : []),
  ];
  return (
    <Modal
      title="AI use"
      onClose={onClose}
      width={640}
      className="ai-use-panel"
      footer={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <p className="ai-use-limits">{PROVENANCE_LIMITS}</p>
      <table className="ai-use-table">
        <caption>The paper: {words.total} words</caption>
        <thead>
          <tr>
            <th scope="col">Origin</th>
            <th scope="col">Words</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.words}</td>
              <td>{percent(row.words, words.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="ai-use-table">
        <caption>By section</caption>
        <thead>
          <tr>
            <th scope="col">Section</th>
            <th scope="col">Words</th>
            <th scope="col">AI as written</th>
            <th scope="col">AI edited</th>
            <th scope="col">Typed</th>
            <th scope="col">Pasted</th>
          </tr>
        </thead>
        <tbody>
          {summary.sections.map((section, index) => (
            <tr key={index}>
              <th scope="row">{section.title || 'Before the first heading'}</th>
              <td>{section.words.total}</td>
              <td>{percent(section.words.ai, section.words.total)}</td>
              <td>{percent(section.words.aiEdited, section.words.total)}</td>
              <td>{percent(typedWords(section.words), section.words.total)}</td>
              <td>{percent(section.words.pasted, section.words.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="ai-use-heading">AI features and models</h3>
      {summary.contributions.length === 0 ? (
        <p>No text in this paper was written by the AI, as far as Scriptor recorded it.</p>
      ) : (
        <ul className="ai-use-contributions">
          {summary.contributions.map((entry) => (
            <li key={`${entry.feature} ${entry.model} ${entry.at}`}>
              {formatDay(entry.at) || 'Date not recorded'}: {featureName(entry.feature)}, model{' '}
              {entry.model}, {entry.words} word{entry.words === 1 ? '' : 's'} still in the paper
            </li>
          ))}
        </ul>
      )}
      <label className="ai-use-highlight" htmlFor={highlightId}>
        <input
          id={highlightId}
          type="checkbox"
          checked={highlight}
          onChange={(event) => onHighlightChange(event.target.checked)}
        />{' '}
        Highlight AI-written text in the editor
      </label>
    </Modal>
  );
}
