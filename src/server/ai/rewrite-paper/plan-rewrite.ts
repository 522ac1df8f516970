import { DEFAULT_REWRITE_INSTRUCTION } from '../../../shared/ai/rewrite-presets';
import { splitSections } from '../../../shared/document/sections';
import type { RewriteTaskType } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { PlannedRewrite } from './rewrite-store';

export const NO_TASK_MESSAGE = 'At least one task is required';
export const NO_ACTIVE_SECTION_MESSAGE = 'Select at least one section with text to rewrite';
export const PAPER_CHANGED_MESSAGE =
  'The paper has changed since its sections were listed. Please reopen Rewrite Paper.';

/** A section of POST /api/paper-rewrite/start (001 §7), as the route parsed it. */
export interface RequestedSection {
  /** Index in splitSections(content); absent: the first section of that number. */
  sectionIndex?: number | undefined;
  sectionNumber: string;
  shouldRewrite: boolean;
  customInstructions: string;
  enableLiteratureSearch: boolean | undefined;
}

/** 001 §3 'Task'; matched to a section by sectionIndex, else by sectionNumber. */
export interface RequestedTask {
  sectionIndex?: number | undefined;
  sectionNumber?: string | undefined;
  type: RewriteTaskType;
  customInstructions: string;
  enableLiteratureSearch: boolean | undefined;
}

/**
 * The sections a rewrite will run, in document order, from the stored paper (the client saves
 * unsaved typing before starting): each chosen section must still be the one the client listed
 * (same index and number), sections without body text are left out (001 §5), and each gets its
 * task (001 §9 defaults: rewrite_enrich with literature search). A custom task without
 * instructions is an enrich task.
 */
export function planRewrite(
  content: string,
  sections: readonly RequestedSection[],
  tasks: readonly RequestedTask[],
): PlannedRewrite[] {
  if (tasks.length === 0) throw new HttpError(400, NO_TASK_MESSAGE);
  const stored = splitSections(content);
  const chosen = new Map<number, RequestedSection>();
  for (const section of sections) {
    if (!section.shouldRewrite) continue;
    const index =
      section.sectionIndex ??
      stored.findIndex((candidate) => candidate.sectionNumber === section.sectionNumber);
    const current = stored[index];
    if (!current || !current.sectionNumber || current.sectionNumber !== section.sectionNumber) {
      throw new HttpError(409, PAPER_CHANGED_MESSAGE);
    }
    chosen.set(index, section);
  }
  const planned: PlannedRewrite[] = [];
  for (const [sectionIndex, section] of [...chosen].sort(([a], [b]) => a - b)) {
    const current = stored[sectionIndex]!;
    if (current.contentMarkdown.trim() === '') continue;
    const task =
      tasks.find((t) => t.sectionIndex === sectionIndex) ??
      tasks.find((t) => t.sectionIndex === undefined && t.sectionNumber === section.sectionNumber);
    const instructions = (task?.customInstructions || section.customInstructions).trim();
    const custom = task?.type === 'rewrite_custom' && instructions !== '';
    planned.push({
      sectionIndex,
      sectionNumber: current.sectionNumber,
      sectionTitle: current.sectionTitle,
      sectionLevel: current.sectionLevel,
      originalContent: current.contentMarkdown,
      taskType: custom ? 'rewrite_custom' : 'rewrite_enrich',
      customInstructions: custom ? instructions : '',
      enableLiteratureSearch:
        task?.enableLiteratureSearch ?? section.enableLiteratureSearch ?? true,
    });
  }
  if (planned.length === 0) throw new HttpError(400, NO_ACTIVE_SECTION_MESSAGE);
  return planned;
}

/** What the engine is asked to do with a planned section. */
export function taskExplanationOf(section: PlannedRewrite): string {
  return section.taskType === 'rewrite_custom'
    ? section.customInstructions
    : DEFAULT_REWRITE_INSTRUCTION;
}
