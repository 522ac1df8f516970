import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isPaperType } from '../../shared/papers/paper-types';
import { useAlert } from '../components/AlertProvider';
import { fetchDraft, listStructureJobs, type RefineJob } from './api/paper-structure-api';
import { LISTED_STATUSES } from './job-status-text';
import type { NewPaperProperties } from '../chat/chat-launcher';
import { PaperWizard, type WizardResume } from './PaperWizard';
import { StructureJobsDialog, structureJobsKey } from './StructureJobsDialog';

type Stage =
  { kind: 'deciding' } | { kind: 'jobs' } | { kind: 'wizard'; resume?: WizardResume; key: number };

/** The draft and jobs a listed job reopens the wizard with. */
async function resumeFor(job: RefineJob): Promise<WizardResume> {
  if (!job.paperId) throw new Error('The job has no paper');
  const paper = await fetchDraft(job.paperId);
  const refine = job.jobType === 'refine';
  return {
    paperId: paper.id,
    type: isPaperType(paper.type) ? paper.type : 'scientific',
    properties: {
      title: paper.title,
      description: paper.description,
      methodology: paper.methodology,
      fieldOfResearch: paper.field,
    },
    structureJobId: refine ? (job.structureJobId ?? null) : job.jobId,
    refineJobId: refine ? job.jobId : (job.refineJobId ?? null),
  };
}

/**
 * 'Add Paper' (002 §4): the paper-structure jobs list when a job is pending, processing,
 * completed or refining, otherwise the wizard at once. A list that cannot be loaded does not
 * stand between the user and a new paper: the wizard opens.
 */
export function AddPaperFlow(props: {
  onClose: () => void;
  onSaved: (paperId: string) => void;
  /** A research-chat suggestion opens the wizard with its properties, not the jobs list. */
  prefill?: NewPaperProperties | null;
}) {
  const showAlert = useAlert();
  const client = useQueryClient();
  const [stage, setStage] = useState<Stage>(() =>
    props.prefill ? { kind: 'wizard', key: 0 } : { kind: 'deciding' },
  );
  const prefilled = Boolean(props.prefill);

  useEffect(() => {
    if (prefilled) return;
    let live = true;
    void client
      .fetchQuery({ queryKey: structureJobsKey, queryFn: listStructureJobs, staleTime: 0 })
      .then(
        (jobs) => jobs.some((job) => LISTED_STATUSES.has(job.status)),
        () => false,
      )
      .then((listed) => {
        if (live) setStage(listed ? { kind: 'jobs' } : { kind: 'wizard', key: 0 });
      });
    return () => {
      live = false;
    };
  }, [client, prefilled]);

  const refreshJobs = () => void client.invalidateQueries({ queryKey: structureJobsKey });

  if (stage.kind === 'deciding') return null;
  if (stage.kind === 'jobs') {
    return (
      <StructureJobsDialog
        onClose={props.onClose}
        onCreateNew={() => setStage({ kind: 'wizard', key: Date.now() })}
        onChoose={(job) =>
          void resumeFor(job).then(
            (resume) => setStage({ kind: 'wizard', resume, key: Date.now() }),
            () => showAlert('Failed to load paper details'),
          )
        }
      />
    );
  }
  return (
    <PaperWizard
      key={stage.key}
      mode="create"
      resume={stage.resume}
      prefill={stage.resume ? null : props.prefill}
      onClose={() => {
        refreshJobs();
        props.onClose();
      }}
      onSaved={(id) => {
        refreshJobs();
        props.onSaved(id);
      }}
    />
  );
}
