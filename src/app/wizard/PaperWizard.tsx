import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Paper } from '../../shared/papers/paper';
import { isPaperType, type PaperType } from '../../shared/papers/paper-types';
import { paperKeys, useUpdatePaper } from '../api/papers';
import { tabbableIn } from '../components/tabbable';
import { apiFetch } from '../api/http';
import { useAlert } from '../components/AlertProvider';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Modal } from '../components/Modal';
import { useAiSettings, useAvailableModels, useDefaultModel } from '../ai/models/models-api';
import { useRefreshCosts } from '../billing/api/billing';
import { useBalanceGate } from '../billing/useBalanceGate';
import { useSelectedModelCost } from '../billing/useSelectedModelCost';
import { IMPORT_GOAL } from '../files/import-document';
import { UploadFilesPanel } from '../files/UploadFilesPanel';
import type { SectionWork } from '../../shared/papers/paper-structure';
import { useUploadQueue, type QueuedFile } from '../files/useUploadQueue';
import {
  cancelPaper,
  createTempPaper,
  fetchDraft,
  finalizePaper,
  paperFilesText,
  storedWork,
  type PaperProperties,
  type RefineResult,
} from './api/paper-structure-api';
import { ComprehensivePaperModal } from './ComprehensivePaperModal';
import { refineCost, startRefinementBlocked } from './refine-cost';
import { PropertiesStep } from './steps/PropertiesStep';
import { ResearchWarning } from './steps/ResearchWarning';
import { StructureStep } from './steps/StructureStep';
import { TypeStep } from './steps/TypeStep';
import {
  outlineFromMarkdown,
  outlineFromSections,
  outlineMarkdown,
  outlineWorks,
  type OutlineNode,
} from './structure-outline';
import type { NewPaperProperties } from '../chat/chat-launcher';
import { useRefineJob } from './useRefineJob';
import { useStructureJob } from './useStructureJob';
import { canGoNext, stepTitle, uploadsBlockNext, wizardSteps } from './wizard-steps';

/** A wizard reopened from the paper-structure jobs list (002 §4): its draft and its jobs. */
export interface WizardResume {
  paperId: string;
  type: PaperType;
  properties: PaperProperties;
  structureJobId: string | null;
  refineJobId: string | null;
}

export type PaperWizardProps = {
  onClose: () => void;
  onSaved: (paperId: string) => void;
} & (
  | {
      mode: 'create';
      resume?: WizardResume;
      /** Properties suggested elsewhere (a research-chat suggestion), for a scientific paper. */
      prefill?: NewPaperProperties | null;
    }
  | { mode: 'edit'; paper: Paper }
);

const WAITING = 'Waiting for all files to finish converting...';
const EMPTY_PROPERTIES: PaperProperties = {
  title: '',
  description: '',
  methodology: '',
  fieldOfResearch: '',
};

function initialProperties(props: PaperWizardProps): PaperProperties {
  if (props.mode === 'edit') {
    return {
      title: props.paper.title,
      description: props.paper.description,
      methodology: props.paper.methodology,
      fieldOfResearch: props.paper.field,
    };
  }
  if (props.resume) return props.resume.properties;
  if (props.prefill) {
    const { title, methodology, field } = props.prefill;
    return { ...EMPTY_PROPERTIES, title, methodology, fieldOfResearch: field };
  }
  return EMPTY_PROPERTIES;
}

function initialType(props: PaperWizardProps): PaperType | null {
  if (props.mode === 'edit') return isPaperType(props.paper.type) ? props.paper.type : null;
  return props.resume?.type ?? (props.prefill ? 'scientific' : null);
}

/** A work the structure named, as a full stored work for the paper's citations. */
async function citationFor(work: SectionWork): Promise<unknown> {
  try {
    return { ...(await storedWork(work.refId)), refId: work.refId };
  } catch {
    return { refId: work.refId, title: work.title, authors: work.authors, year: work.year };
  }
}

/**
 * The Create New Paper / Edit Paper Properties wizard (001 §2, §4, §5, §7, §8; docs/structure.md
 * 'The wizard'). Create: Choose paper type, Specify properties (Next creates the temporary
 * paper), Upload files, Create structure (generated on arrival, edited in the structure
 * overview tree, saved by Save); Discard and Close remove the temporary paper and its jobs.
 * Edit: the open paper's properties and files.
 */
export function PaperWizard(props: PaperWizardProps) {
  const { mode } = props;
  const showAlert = useAlert();
  const client = useQueryClient();
  const updatePaper = useUpdatePaper();
  const resume = props.mode === 'create' ? props.resume : undefined;
  const editedPaper = props.mode === 'edit' ? props.paper : null;

  const [type, setType] = useState<PaperType | null>(() => initialType(props));
  const [properties, setProperties] = useState<PaperProperties>(() => initialProperties(props));
  const [paperId, setPaperId] = useState<string | null>(editedPaper?.id ?? resume?.paperId ?? null);
  const steps = wizardSteps(mode, type);
  const [stepIndex, setStepIndex] = useState(() => (resume ? steps.length - 1 : 0));
  const step = steps[Math.min(stepIndex, steps.length - 1)] ?? 'type';
  const isLast = stepIndex >= steps.length - 1;
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [nodes, setNodes] = useState<OutlineNode[]>([]);
  const [showRefine, setShowRefine] = useState(false);
  // Works the structure and refinements named, to describe them when a refinement is applied.
  const knownWorks = useRef(new Map<string, SectionWork>());

  const refreshCosts = useRefreshCosts();
  const alertFailure = useCallback(
    (message: string) => {
      refreshCosts();
      showAlert(message);
    },
    [refreshCosts, showAlert],
  );
  // A start the balance cannot pay (402) is not alerted: the refreshed balance gate holds the
  // step back with the same text (001 §6).
  const structureFailed = useCallback(
    (message: string, status?: number) => {
      if (status === 402) refreshCosts();
      else alertFailure(message);
    },
    [refreshCosts, alertFailure],
  );
  // A structure that arrives (generated, or reopened from the jobs list) fills the tree.
  const structure = useStructureJob(structureFailed, (result) => {
    refreshCosts();
    for (const section of result.sections) {
      for (const work of section.works) knownWorks.current.set(work.refId, work);
    }
    setNodes(outlineFromSections(result.sections));
  });
  const refine = useRefineJob({
    onAlert: alertFailure,
    onResult: (refined: RefineResult) => {
      refreshCosts();
      for (const section of refined.refinedSections ?? []) {
        for (const article of section.articles ?? []) {
          if (!article.refId) continue;
          knownWorks.current.set(article.refId, {
            refId: article.refId,
            title: article.title ?? article.refId,
            authors: article.authors ?? [],
            year: article.year ?? null,
          });
        }
      }
      setNodes(
        refined.sections && refined.sections.length > 0
          ? outlineFromSections(refined.sections)
          : outlineFromMarkdown(refined.content, knownWorks.current),
      );
    },
  });
  const refining = ['starting', 'running', 'applying'].includes(refine.state.phase);

  const importDocument = useCallback(
    async (entry: QueuedFile) => {
      if (type !== 'import' || entry.goal !== IMPORT_GOAL || paperId === null) return;
      try {
        await apiFetch(`/api/papers/${encodeURIComponent(paperId)}/import-file`, {
          method: 'POST',
          body: JSON.stringify({ fileId: entry.fileId }),
        });
      } catch (error) {
        showAlert(error instanceof Error ? error.message : 'Failed to import the document.');
      }
    },
    [type, paperId, showAlert],
  );
  const uploads = useUploadQueue(paperId, importDocument);

  const models = useAvailableModels();
  const settings = useAiSettings();
  const defaultModel = useDefaultModel();
  const aiAvailable = models.data?.aiAvailable ?? true;
  const gate = useBalanceGate();
  const blocked = aiAvailable && !gate.allowed ? gate.message : null;
  const selectedModel = settings.data?.selectedModel ?? null;
  // Without any provider the offline expansion refines for free (docs/structure.md).
  const modelChosen = !aiAvailable || (selectedModel ?? defaultModel.data?.model_name) != null;
  const selectedCost = useSelectedModelCost();
  const cost = refineCost(nodes, aiAvailable ? selectedCost : 0);

  const generate = useCallback(async () => {
    if (paperId === null || type === null || blocked) return;
    const uploadedContent = await paperFilesText(paperId).catch(() => '');
    await structure.start({
      title: properties.title.trim(),
      description: properties.description.trim(),
      paperType: type,
      methodology: properties.methodology.trim(),
      field: properties.fieldOfResearch.trim(),
      paperId,
      uploadedContent,
      selectedModel,
    });
  }, [paperId, type, blocked, properties, selectedModel, structure]);

  // A job reopened from the jobs list is followed while the wizard is mounted. The cleanup stops
  // the polls, so the next run starts them again: StrictMode's mount-unmount-mount aborts the
  // first polls (the hooks abort on unmount) before their first read, and a run-once guard here
  // left the reopened wizard 'Waiting to generate structure…' for good.
  const reopenedStructure = resume?.structureJobId ?? null;
  const reopenedRefine = resume?.refineJobId ?? null;
  const { resume: followStructure, stop: stopStructure } = structure;
  const { follow: followRefine, stop: stopRefine } = refine;
  useEffect(() => {
    if (reopenedStructure === null) return;
    void followStructure(reopenedStructure);
    if (reopenedRefine !== null) void followRefine(reopenedRefine);
    return () => {
      stopStructure();
      stopRefine();
    };
  }, [reopenedStructure, reopenedRefine, followStructure, stopStructure, followRefine, stopRefine]);

  // 001 §4: step 3 generates the structure by itself, once, unless a reopened job is followed.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || reopenedStructure !== null) return;
    if (step === 'structure' && structure.state.phase === 'idle' && !blocked) {
      started.current = true;
      void generate();
    }
  }, [step, structure, reopenedStructure, blocked, generate]);

  // A new step: the focus goes to its first field (else its title), not to the page's body
  // behind a Next that was disabled or replaced by Save.
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const heading = stepHeading.current;
    const body = heading?.parentElement;
    if (!heading || !body) return;
    const field = tabbableIn(body).find((element) =>
      element.matches('input, textarea, select, [role="radio"], [role="option"]'),
    );
    (field ?? heading).focus();
  }, [step]);

  const nextAllowed = canGoNext(step, { type, properties, files: uploads.queue });
  // A converted document still goes into the paper (import-file) before the upload ends; Save
  // alerts until then, so the notice stays as long as that alert would come.
  const waitingForFiles =
    step === 'upload' &&
    (uploadsBlockNext(type, uploads.queue) || (type === 'import' && uploads.uploading));

  const run = async (label: string, work: () => Promise<void>) => {
    setBusy(label);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  /** Queued files go up before the wizard moves on, so nothing dropped is lost. */
  const uploadQueued = async (): Promise<boolean> => {
    if (uploads.pending.length === 0) return true;
    const ok = await uploads.upload();
    if (!ok) showAlert('Failed to upload files. Please try again.');
    return ok;
  };

  const next = () =>
    void run('next', async () => {
      if (!nextAllowed) return;
      if (step === 'properties' && mode === 'create' && paperId === null && type !== null) {
        try {
          const created = await createTempPaper({ type, ...properties });
          setPaperId(created.id);
        } catch {
          showAlert('Failed to create temporary paper. Please try again.');
          return;
        }
      }
      if (step === 'upload' && !(await uploadQueued())) return;
      setStepIndex((index) => index + 1);
    });

  const back = () => setStepIndex((index) => Math.max(0, index - 1));

  const saveEdit = async (paper: Paper) => {
    try {
      await updatePaper.mutateAsync({
        id: paper.id,
        title: properties.title.trim(),
        description: properties.description,
        methodology: properties.methodology,
        field: properties.fieldOfResearch,
      });
      props.onSaved(paper.id);
    } catch {
      showAlert('Failed to save paper.');
    }
  };

  const saveNew = async (id: string, paperType: PaperType) => {
    let content: string;
    let citations: unknown[] = [];
    try {
      if (step === 'structure') {
        content = outlineMarkdown(properties.title.trim(), nodes);
        citations = await Promise.all(outlineWorks(nodes).map(citationFor));
      } else {
        content = (await fetchDraft(id)).content;
      }
      const paper = await finalizePaper(id, {
        type: paperType,
        content,
        citations,
        properties: { ...properties, title: properties.title.trim() },
      });
      client.setQueryData(paperKeys.detail(paper.id), paper);
      void client.invalidateQueries({ queryKey: paperKeys.lists });
      props.onSaved(paper.id);
    } catch {
      showAlert('Failed to save paper.');
    }
  };

  const save = () =>
    void run('save', async () => {
      // Files still converting would be lost to the paper (an import's document is its
      // content); queued ones are sent first, as Next does.
      if (uploads.uploading) {
        showAlert('Please wait for all files to finish converting.');
        return;
      }
      if (step === 'upload' && !(await uploadQueued())) return;
      if (editedPaper) return saveEdit(editedPaper);
      if (paperId !== null && type !== null) await saveNew(paperId, type);
    });

  const discard = () =>
    void run('discard', async () => {
      setConfirmDiscard(false);
      if (paperId === null) return props.onClose();
      structure.stop();
      try {
        await cancelPaper(paperId, structure.state.jobId);
      } catch {
        showAlert('Failed to discard paper structure. Please try again.');
        return;
      }
      void client.invalidateQueries({ queryKey: ['paper-structure-jobs'] });
      props.onClose();
    });

  // Close (and Escape) in create mode removes the temporary paper: it asks first.
  const close = () => {
    if (busy || uploads.uploading) return;
    if (mode === 'create' && paperId !== null) setConfirmDiscard(true);
    else props.onClose();
  };

  const startRefinement = () => {
    if (paperId === null || type === null) return;
    void refine.start({
      title: properties.title.trim(),
      description: properties.description.trim(),
      methodology: properties.methodology.trim(),
      field: properties.fieldOfResearch.trim(),
      paperType: type,
      content: outlineMarkdown(properties.title.trim(), nodes),
      selectedModel,
      sections: nodes.map((node) => ({
        level: node.level,
        title: node.title,
        purpose: node.purpose,
        works: node.works.map((work) => ({ refId: work.refId })),
      })),
      structureJobId: structure.state.jobId,
      paperId,
    });
  };

  const refineJob = refine.state.job;
  // The server names the heading in progress; the tree marks the first with that title.
  const refiningTitle =
    refine.state.phase === 'running' && refineJob?.status === 'refining'
      ? (refineJob.currentSectionTitle ?? null)
      : null;
  const refiningKey = nodes.find((node) => node.title === refiningTitle)?.key ?? null;
  const refineDisabled = startRefinementBlocked({ modelChosen, cost, balance: blocked });

  const structureRunning = structure.state.phase === 'running';
  const title = mode === 'edit' ? 'Edit Paper Properties' : 'Create New Paper';

  return (
    <>
      <Modal
        title={title}
        onClose={close}
        width={780}
        className="wizard"
        footer={
          <>
            <button type="button" className="button" onClick={close} disabled={busy !== null}>
              Close
            </button>
            <span className="wizard-footer-spacer" />
            {waitingForFiles && (
              <span className="wizard-waiting" role="status">
                {WAITING}
              </span>
            )}
            {stepIndex > 0 && (
              <button
                type="button"
                className="button"
                onClick={back}
                disabled={busy !== null || uploads.uploading}
              >
                Back
              </button>
            )}
            {step === 'upload' && !isLast && (
              <button
                type="button"
                className="button"
                onClick={() => setStepIndex((index) => index + 1)}
                disabled={busy !== null || uploads.uploading}
              >
                Skip
              </button>
            )}
            {step === 'upload' && (
              <button
                type="button"
                className="button"
                disabled={uploads.uploading || uploads.pending.length === 0}
                onClick={() =>
                  void uploads.upload().then((ok) => {
                    if (!ok) showAlert('Failed to upload files. Please try again.');
                  })
                }
              >
                {uploads.uploading ? 'Uploading...' : 'Upload Files'}
              </button>
            )}
            {step === 'structure' && (
              <>
                <button
                  type="button"
                  className="button"
                  disabled={structure.state.phase !== 'done' || busy !== null}
                  onClick={() => setShowRefine(true)}
                >
                  Create extensive paper (100+ pages)
                </button>
                <button
                  type="button"
                  className="button danger"
                  disabled={busy !== null}
                  onClick={() => setConfirmDiscard(true)}
                >
                  Discard
                </button>
              </>
            )}
            {mode === 'edit' && (
              <button
                type="button"
                className={isLast ? 'button primary' : 'button'}
                disabled={
                  busy !== null || !canGoNext('properties', { type, properties, files: [] })
                }
                onClick={save}
              >
                {busy === 'save' ? 'Saving…' : 'Save'}
              </button>
            )}
            {!isLast && (
              <button
                type="button"
                className="button primary"
                disabled={!nextAllowed || busy !== null || uploads.uploading}
                onClick={next}
              >
                {busy === 'next' ? 'Please wait…' : 'Next'}
              </button>
            )}
            {isLast && mode === 'create' && (
              <button
                type="button"
                className="button primary"
                // Usable while files convert: it answers 'Please wait for all files to finish
                // converting.' (001 §8) then, and saves nothing.
                disabled={busy !== null || structureRunning || refining}
                onClick={save}
              >
                {busy === 'save' ? 'Saving…' : 'Save'}
              </button>
            )}
          </>
        }
      >
        <ol className="wizard-steps" aria-label="Steps">
          {steps.map((name, index) => (
            <li
              key={name}
              className={index === stepIndex ? 'current' : index < stepIndex ? 'done' : undefined}
              aria-current={index === stepIndex ? 'step' : undefined}
            >
              {stepTitle(name, mode)}
            </li>
          ))}
        </ol>
        <h3 className="wizard-step-title" ref={stepHeading} tabIndex={-1}>
          {stepTitle(step, mode)}
        </h3>
        {step === 'type' && <TypeStep type={type} onChange={setType} />}
        {step === 'properties' && (
          <>
            {mode === 'create' && type !== 'empty' && type !== 'import' && <ResearchWarning />}
            <PropertiesStep type={type} values={properties} onChange={setProperties} />
          </>
        )}
        {step === 'upload' && type !== null && (
          <UploadFilesPanel paperType={type} queue={uploads} />
        )}
        {step === 'structure' && (
          <StructureStep
            job={structure.state}
            nodes={nodes}
            onChange={setNodes}
            blocked={blocked}
            onGenerate={() => void generate()}
            refining={refining}
            refiningKey={refiningKey}
          />
        )}
      </Modal>
      {showRefine && (
        <ComprehensivePaperModal
          cost={cost}
          disabledReason={refineDisabled}
          refine={refine.state}
          onStart={startRefinement}
          onCancel={() => void refine.cancel()}
          onClose={() => setShowRefine(false)}
        />
      )}
      {confirmDiscard && (
        <ConfirmDialog
          title="Discard paper"
          message="Discard this new paper? Its structure, its uploaded files and its running jobs are removed."
          confirmLabel="Discard"
          danger
          busy={busy !== null}
          onConfirm={discard}
          onCancel={() => setConfirmDiscard(false)}
        />
      )}
    </>
  );
}
