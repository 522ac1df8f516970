import type { AppContext } from '../../app-context';
import type { CurrentUser } from '../../auth/current-user';
import { HttpError } from '../../http/http-error';
import { presentPaper } from '../../presenters/paper';
import { deleteOwnedJob, isRunning, listOwnedJobs, type JobRow } from '../../queue/job-store';
import { SCAFFOLDED_WRITING_JOB } from '../../queue/jobs/scaffolded-writing';
import { aiProvenance } from '../../../shared/document/provenance/provenance';
import { jobModelName } from '../merge-results/job-model';
import { mergeIntoPaper } from '../merge-results/merge-into-paper';
import { listWritingSections } from './writing-store';

export const WRITING_STILL_RUNNING_MESSAGE = 'The AI is still writing this paper';

/**
 * POST /api/scaffolded-writing/save/:jobId ('Save the result'): each completed section's text
 * replaces what that section held when the job began, and text typed into it since stays
 * beside the new text (issue 32); the works it cites join the paper's citations. The save keeps
 * the replaced state as a history version; then the paper's finished writing jobs are cleared.
 */
export async function saveWriting(context: AppContext, user: CurrentUser, job: JobRow) {
  if (isRunning(job)) throw new HttpError(409, WRITING_STILL_RUNNING_MESSAGE);
  const db = context.database.db;
  if (!job.paperId) throw new HttpError(400, 'A writing job belongs to a paper');
  const completed = (await listWritingSections(db, job.id)).filter(
    (section) => section.status === 'completed' && section.content.trim() !== '',
  );
  const { paper, role, sections } = await mergeIntoPaper(context, {
    user,
    userName: user.name,
    paperId: job.paperId,
    results: completed.map((section) => ({
      place: section,
      baseMarkdown: section.baseContent,
      newMarkdown: section.content,
    })),
    citations: completed.flatMap((section) => section.citations),
    comment: 'Before saving the AI Writing Process',
    writer: SCAFFOLDED_WRITING_JOB,
    provenance: aiProvenance('writing-process', await jobModelName(db, job.id)),
  });
  const jobs = await listOwnedJobs(db, user.id, {
    paperId: job.paperId,
    type: SCAFFOLDED_WRITING_JOB,
  });
  for (const finished of jobs.filter((candidate) => !isRunning(candidate))) {
    await deleteOwnedJob(db, user.id, finished.id);
  }
  const numbers = new Map(
    completed.map((section) => [section.sectionIndex, section.sectionNumber]),
  );
  return {
    paper: presentPaper(paper, role),
    sections: sections.map((section) => ({
      ...section,
      sectionNumber: numbers.get(section.sectionIndex) ?? '',
    })),
  };
}
