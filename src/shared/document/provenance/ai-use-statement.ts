/**
 * The AI-use statement the Export menu drafts (issue 37, item 3), from the record alone: the
 * features and models that wrote text still in the paper, when, and the shares of words. It
 * claims no review: the person adds that (the dialog's checkbox) or edits the draft.
 */
import { AI_FEATURE_NAMES, type AiFeature } from './provenance';
import { percent, type AiUseSummary } from './ai-use-summary';

export function featureName(feature: string): string {
  return AI_FEATURE_NAMES[feature as AiFeature] ?? feature;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

/** '2 December 2026' (UTC, so the statement does not depend on where it is drafted). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const REVIEW_SENTENCE =
  'The authors reviewed and edited the AI-written text and take full responsibility for the content of the paper.';

export function draftAiUseStatement(summary: AiUseSummary, options: { reviewed: boolean }): string {
  const { words, contributions } = summary;
  if (contributions.length === 0) {
    return 'No text in this paper was written by Scriptor’s AI features, as far as Scriptor recorded it.';
  }
  const features = list(unique(contributions.map((entry) => featureName(entry.feature))));
  const models = list(unique(contributions.map((entry) => entry.model)));
  const days = unique(contributions.map((entry) => formatDay(entry.at)).filter(Boolean));
  const when =
    days.length === 0
      ? ''
      : days.length === 1
        ? ` on ${days[0]}`
        : ` between ${days[0]} and ${days[days.length - 1]}`;
  const typed = Object.values(words.typed).reduce((sum, entry) => sum + entry.words, 0);
  const shares = [
    `${percent(words.ai, words.total)} of its ${words.total} words were written by the AI and left as written`,
    `${percent(words.aiEdited, words.total)} were written by the AI and then edited by the authors`,
    `${percent(typed, words.total)} were typed by the authors in Scriptor`,
    `${percent(words.pasted, words.total)} were pasted from elsewhere`,
  ];
  if (words.unknown > 0) {
    shares.push(`${percent(words.unknown, words.total)} have no recorded origin`);
  }
  const sentences = [
    `This paper was prepared in Scriptor, whose AI features (${features}) generated text with the model${unique(contributions.map((entry) => entry.model)).length > 1 ? 's' : ''} ${models}${when}.`,
    `According to Scriptor’s record, ${list(shares)}.`,
  ];
  if (options.reviewed) sentences.push(REVIEW_SENTENCE);
  return sentences.join(' ');
}

/** One line per AI contribution still in the paper: date, feature, model, words. */
export function aiUseAppendix(summary: AiUseSummary): string[] {
  return summary.contributions.map((entry) => {
    const day = formatDay(entry.at) || 'Date not recorded';
    return `${day}: ${featureName(entry.feature)}, model ${entry.model}, ${entry.words} word${entry.words === 1 ? '' : 's'} still in the paper.`;
  });
}
