import type { Paper } from '../../../shared/papers/paper';
import type {
  StructureResult,
  SectionWork,
  StructureSection,
} from '../../../shared/papers/paper-structure';
import type { PaperType } from '../../../shared/papers/paper-types';
import { ApiError, apiFetch } from '../../api/http';

/**
 * Every call the wizard, the Comprehensive Paper modal and the paper-structure jobs list make
 * (001 §7 'Paper creation and structure', 'Refinement'; 002 §7), in one module so the client
 * and the server's shapes are aligned in one place.
 */

const json = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
const id = (value: string) => encodeURIComponent(value);

/** The wizard's properties (001 §3 'Paper properties'). */
export interface PaperProperties {
  title: string;
  description: string;
  methodology: string;
  fieldOfResearch: string;
}

export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';

export interface StructureStatus {
  status: JobStatus | string;
  result: StructureResult | null;
  error: string | null;
  progress: { currentOperation?: string } | null;
}

export function createTempPaper(input: { type: PaperType } & PaperProperties) {
  return apiFetch<{ id: string }>('/api/papers/temp', json(input));
}

export function finalizePaper(
  paperId: string,
  input: {
    type: PaperType;
    content: string;
    citations: unknown[];
    properties: PaperProperties;
  },
) {
  return apiFetch<Paper>(`/api/papers/${id(paperId)}/finalize`, json(input));
}

export function cancelPaper(paperId: string, structureJobId: string | null) {
  return apiFetch<{ success: true }>(`/api/papers/${id(paperId)}/cancel`, json({ structureJobId }));
}

export function startStructure(input: {
  title: string;
  description: string;
  paperType: PaperType;
  methodology: string;
  field: string;
  paperId: string;
  uploadedContent: string;
  selectedModel: string | null;
}) {
  return apiFetch<{ jobId: string }>('/api/structure', json(input));
}

export function structureStatus(jobId: string) {
  return apiFetch<StructureStatus>(`/api/structure?jobId=${id(jobId)}`);
}

/** The paper's converted uploads, sent with the structure request as `uploadedContent`. */
export function paperFilesText(paperId: string) {
  return apiFetch<{ files: { filename: string; contents: string }[] }>(
    `/api/files?paperId=${id(paperId)}`,
  ).then(({ files }) =>
    files.map((file) => `### ${file.filename}\n\n${file.contents}`).join('\n\n'),
  );
}

/** A full stored work, sent as one of the finalized paper's citations. */
export function storedWork(refId: string) {
  return apiFetch<Record<string, unknown>>(`/api/works/${id(refId)}`);
}

/** A heading of the tree as POST /api/refine-structure takes it (docs/ai-api.md). */
export interface RefineSection {
  level: number;
  title: string;
  purpose: string;
  works: { refId: string }[];
}

export interface RefineRequest {
  title: string;
  description: string;
  methodology: string;
  field: string;
  paperType: PaperType;
  /** The tree as markdown, for a server that reads the headings from it. */
  content: string;
  selectedModel: string | null;
  sections: RefineSection[];
  structureJobId: string | null;
  paperId: string;
}

/** A refined heading of the result, with the works its new subsections draw on. */
export interface RefinedSection {
  sectionTitle?: string;
  status?: string;
  articles?: Partial<SectionWork>[];
  error?: string | null;
}

/** GET /api/refine-structure/result/{jobId}. */
export interface RefineResult {
  content: string;
  sections?: StructureSection[];
  refinedSections?: RefinedSection[];
  template?: boolean;
}

/**
 * A structure or refine job (001 §3 'Refine job', 002 §3 'Job'; the status and list shape of
 * docs/ai-api.md). Fields the list leaves out are optional.
 */
export interface RefineJob {
  jobId: string;
  jobType: 'structure' | 'refine';
  status: string;
  title?: string;
  description?: string;
  methodology?: string;
  field?: string;
  paperType?: string;
  paperId?: string | null;
  refineJobId?: string | null;
  structureJobId?: string | null;
  /** 1-based: the section being refined ('Section i/n'); n when done. */
  currentSection?: number | null;
  totalSections?: number | null;
  /** The heading the tree marks 'Refining...'. */
  currentSectionTitle?: string | null;
  /** 0–100. */
  progress?: number | null;
  error?: string | null;
  createdAt?: string;
}

export function startRefinement(input: RefineRequest) {
  return apiFetch<{ jobId: string; totalSections?: number }>('/api/refine-structure', json(input));
}

export function refineStatus(jobId: string) {
  return apiFetch<RefineJob>(`/api/refine-structure/status/${id(jobId)}`);
}

export function cancelRefinement(jobId: string) {
  return apiFetch<unknown>(`/api/refine-structure/cancel/${id(jobId)}`, json({}));
}

export function refineResult(jobId: string) {
  return apiFetch<RefineResult>(`/api/refine-structure/result/${id(jobId)}`);
}

/** 001 §8 'Refinement': what the jobs list says when the server gave no reason of its own. */
export const JOBS_LOAD_ERROR = 'Error loading refinement jobs';

/**
 * The user's paper-structure jobs (002 §3 'Job', §7). A failure carries the server's reason
 * for what the user can act on (a 4xx) and 001 §8's text otherwise (a network failure, a
 * server error), so the list reads 'Error loading jobs: …' (002 §8) either way.
 */
export function listStructureJobs() {
  return apiFetch<{ jobs: RefineJob[] }>('/api/refine-structure/jobs').then(
    (answer) => answer.jobs,
    (error: unknown) => {
      throw error instanceof ApiError && error.status < 500 ? error : new Error(JOBS_LOAD_ERROR);
    },
  );
}

/** The paper a job belongs to: the wizard reopens with its properties. */
export function fetchDraft(paperId: string) {
  return apiFetch<Paper>(`/api/papers/${id(paperId)}`);
}
