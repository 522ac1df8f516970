import type { AppContext } from '../../app-context';
import type { CurrentUser } from '../../auth/current-user';
import { HttpError } from '../../http/http-error';
import { presentPaper } from '../../presenters/paper';
import { deleteOwnedJob, isRunning } from '../../queue/job-store';
import { PAPER_REWRITE_JOB } from '../../queue/jobs/paper-rewrite';
import { aiProvenance } from '../../../shared/document/provenance/provenance';
import { jobModelName } from '../merge-results/job-model';
import { mergeIntoPaper } from '../merge-results/merge-into-paper';
import { authorizedPaper } from '../../policies/paper-policy';
import { listRewriteSections } from './rewrite-store';
import { paperRewriteJobs } from './start-rewrite';

export const REWRITE_STILL_RUNNING_MESSAGE = 'The rewrite of this paper is still running';

/**
 * POST /api/paper-rewrite/save/:paperId: each rewritten section replaces what it held when the
 * rewrite started (`original_content`); text typed into it since stays beside the new text
 * (issue 32), where the old Save left such a section out. The works cited join the paper's
 * citations, the save records a version, and the finished rewrites are cleared.
 */
export async function saveRewrite(context: AppContext, user: CurrentUser, paperId: string) {
  const db = context.database.db;
  const paper = await authorizedPaper(db, user, 'edit', paperId);
  const jobs = await paperRewriteJobs(context, user.id, paper.id);
  if (jobs.some(isRunning)) throw new HttpError(409, REWRITE_STILL_RUNNING_MESSAGE);
  const [latest] = jobs;
  const completed = latest
    ? (await listRewriteSections(db, latest.id)).filter(
        (section) => section.status === 'completed' && section.content.trim() !== '',
      )
    : [];
  const {
    paper: saved,
    role,
    sections,
  } = await mergeIntoPaper(context, {
    user,
    userName: user.name,
    paperId: paper.id,
    results: completed.map((section) => ({
      place: section,
      baseMarkdown: section.originalContent,
      newMarkdown: section.content,
    })),
    citations: completed.flatMap((section) => section.citations),
    comment: 'Before saving Rewrite Paper',
    writer: PAPER_REWRITE_JOB,
    provenance: aiProvenance('rewrite-paper', latest ? await jobModelName(db, latest.id) : ''),
  });
  for (const job of jobs) await deleteOwnedJob(db, user.id, job.id);
  const numbers = new Map(
    completed.map((section) => [section.sectionIndex, section.sectionNumber]),
  );
  return {
    paper: presentPaper(saved, role),
    sections: sections.map((section) => ({
      ...section,
      sectionNumber: numbers.get(section.sectionIndex) ?? '',
    })),
  };
}
