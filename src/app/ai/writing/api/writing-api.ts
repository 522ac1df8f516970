import type { SentenceFlag } from '../../../../shared/ai/writing-review';
import type { CitedWork } from '../../../../shared/citations/work';
import type { SearchFilters } from '../../../../shared/literature/search-filters';
import type { Paper } from '../../../../shared/papers/paper';
import { apiFetch } from '../../../api/http';

export type WritingSectionStatus = 'pending' | 'writing' | 'completed' | 'failed';

export interface CustomInstructions {
  instructions: string;
  systemPrompt: string;
}

/** One section of a writing job (001 §3). */
export interface WritingJobSection {
  sectionIndex: number;
  sectionNumber: string;
  sectionTitle: string;
  sectionLevel: number;
  status: WritingSectionStatus;
  content: string;
  customInstructions: CustomInstructions | null;
  citations: CitedWork[];
  flags: SentenceFlag[];
  /** Why a failed section failed (the balance message, or the engine's), else null. */
  error: string | null;
  startedAt: string | null;
  completedAt: string | null;
}

/** The writing job of 001 §3, as /status and /active answer it. */
export interface WritingJob {
  jobId: string;
  status: string;
  currentIndex: number;
  createdAt: string;
  completed: boolean;
  active: boolean;
  error: string | null;
  metadata: { reasoning: string };
  sections: WritingJobSection[];
}

export interface OutlineSection {
  sectionIndex: number;
  sectionNumber: string;
  sectionTitle: string;
  sectionLevel: number;
}

export interface StartWritingBody {
  paperId: string;
  paperType: string;
  /** Section indexes in writing order. */
  sequence: number[];
  sections: (OutlineSection & { customInstructions: CustomInstructions | null })[];
  selectedModel?: string | null;
  selectedLanguage?: string | null;
  references: unknown[];
  filters?: SearchFilters;
  reasoning: string;
}

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

export function proposeSequence(body: {
  paperId: string;
  paperType: string;
  sections: OutlineSection[];
  selectedModel?: string | null;
}) {
  return apiFetch<{
    sequence: OutlineSection[];
    reasoning: string;
    source: 'model' | 'rules' | 'model-failed';
  }>('/api/scaffolded-writing/sequence', post(body));
}

export function startWriting(body: StartWritingBody) {
  return apiFetch<{ jobId: string; createdAt: string }>(
    '/api/scaffolded-writing/start',
    post(body),
  );
}

/** The paper's running or unsaved job; null when it has none (asked so that none is a 200). */
export function fetchActiveJob(paperId: string): Promise<WritingJob | null> {
  return apiFetch<WritingJob | null>(`/api/scaffolded-writing/active/${paperId}?absent=null`);
}

export function fetchJobStatus(jobId: string) {
  return apiFetch<WritingJob>(`/api/scaffolded-writing/status/${jobId}`);
}

export function cancelWriting(jobId: string) {
  return apiFetch<unknown>(`/api/scaffolded-writing/cancel/${jobId}`, post({}));
}

export function deleteAllWriting(paperId: string) {
  return apiFetch<unknown>(`/api/scaffolded-writing/delete-all/${paperId}`, { method: 'DELETE' });
}

export function clearWritingStatus(paperId: string) {
  return apiFetch<unknown>(`/api/scaffolded-writing/clear-status/${paperId}`, post({}));
}

/** How one written section went into the paper at Save (issue 32). */
export interface SavedSection {
  sectionIndex: number;
  sectionNumber: string;
  sectionTitle: string;
  /** 'missing': its heading is no longer in the paper; 'empty': nothing was written. */
  status: 'merged' | 'missing' | 'empty';
  /** Blocks typed or changed in the section while the job ran, kept beside the new text. */
  keptEdits: number;
  keptReferenceList: boolean;
}

/** 'Save the result': the server merges each written section into the paper. */
export function saveWritingResult(jobId: string) {
  return apiFetch<{ paper: Paper; sections: SavedSection[] }>(
    `/api/scaffolded-writing/save/${jobId}`,
    post({}),
  );
}
