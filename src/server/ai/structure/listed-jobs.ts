import type { JobStatus } from '../../db/schema/jobs';
import { STRUCTURE_JOB } from '../../queue/jobs/structure-generate';
import { REFINE_JOB } from '../../queue/jobs/structure-refine';

/** The jobs of the paper-structure jobs list (002 §4): a wizard draft's way back. */
export const LISTED_TYPES: readonly string[] = [STRUCTURE_JOB, REFINE_JOB];

/** The states it shows them in: a failed or cancelled job is not a paper in the making. */
export const LISTED_STATUSES: readonly JobStatus[] = ['pending', 'processing', 'completed'];
