import { useQuery } from '@tanstack/react-query';
import { relativeTime } from '../../shared/time/relative-time';
import { PAPER_TYPE_LABELS, isPaperType } from '../../shared/papers/paper-types';
import { Modal } from '../components/Modal';
import { Spinner } from '../components/Spinner';
import { listStructureJobs, type RefineJob } from './api/paper-structure-api';
import { LISTED_STATUSES, RUNNING_STATUSES, jobStatusText } from './job-status-text';

/** 001 §9: the list refreshes every 5 s while a job is still pending or processing. */
export const JOBS_REFRESH_MS = 5000;

export const structureJobsKey = ['paper-structure-jobs'] as const;

export function useStructureJobs() {
  return useQuery({
    queryKey: structureJobsKey,
    queryFn: listStructureJobs,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      (query.state.data ?? []).some((job) => RUNNING_STATUSES.has(job.status))
        ? JOBS_REFRESH_MS
        : false,
  });
}

/**
 * The paper-structure jobs dialog (002 §2, §4): the user's structure and refine jobs with
 * their status texts; choosing one (the row, or its Apply action, which every job has: 001 §2)
 * reopens the wizard with it, 'Create New Paper' starts anew.
 */
export function StructureJobsDialog(props: {
  onChoose: (job: RefineJob) => void;
  onCreateNew: () => void;
  onClose: () => void;
}) {
  const jobs = useStructureJobs();
  const listed = (jobs.data ?? []).filter((job) => LISTED_STATUSES.has(job.status));
  return (
    <Modal
      title="Paper Structures"
      onClose={props.onClose}
      width={600}
      footer={
        <>
          <button type="button" className="button" onClick={props.onClose}>
            Close
          </button>
          <button type="button" className="button primary" onClick={props.onCreateNew}>
            Create New Paper
          </button>
        </>
      }
    >
      {jobs.isPending ? (
        <div className="center-muted">
          <Spinner />
        </div>
      ) : jobs.isError ? (
        <p className="error-box" role="alert">
          Error loading jobs: {jobs.error.message}
        </p>
      ) : listed.length === 0 ? (
        <p className="empty-state">No active paper structures</p>
      ) : (
        <ul className="structure-jobs">
          {listed.map((job) => (
            <li key={job.jobId} className="structure-job">
              <button
                type="button"
                className="structure-job-open"
                onClick={() => props.onChoose(job)}
              >
                <span className="structure-job-title">{job.title || 'Untitled paper'}</span>
                <span className="muted">
                  {job.paperType && isPaperType(job.paperType)
                    ? PAPER_TYPE_LABELS[job.paperType]
                    : (job.paperType ?? '')}
                  {job.createdAt ? ` · ${relativeTime(job.createdAt)}` : ''}
                </span>
                <span className="structure-job-status">{jobStatusText(job)}</span>
              </button>
              <button
                type="button"
                className="button"
                aria-label={`Apply ${job.title || 'Untitled paper'}`}
                onClick={() => props.onChoose(job)}
              >
                Apply
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
