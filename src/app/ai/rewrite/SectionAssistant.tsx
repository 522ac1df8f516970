import { useCallback, useEffect, useRef, useState } from 'react';
import { keptEditsNotice } from '../../../shared/ai/ai-messages';
import type { PlannedPlace } from '../../../shared/ai/locate-section';
import {
  ACTION_INSTRUCTIONS,
  DEFAULT_REWRITE_INSTRUCTION,
  type RewriteAction,
} from '../../../shared/ai/rewrite-presets';
import type { CitedWork } from '../../../shared/citations/work';
import { useRefreshCosts } from '../../billing/api/billing';
import { useAlert } from '../../components/AlertProvider';
import type { EditorHandle } from '../../editor/bridge/editor-handle';
import type { SectionMenuRequest } from '../../editor/extensions/editor-environment';
import { useSearchFilters } from '../../references/api/search-filters-api';
import { useAiAvailability } from '../availability/useAiAvailability';
import { useAiSettings } from '../models/models-api';
import { aiProvenance, MODEL_NOT_RECORDED } from '../../../shared/document/provenance/provenance';
import { streamAi } from '../stream/ai-stream';
import { StreamSession } from '../stream/stream-session';
import { CustomInstructionsDialog } from '../instructions/CustomInstructionsDialog';
import {
  CustomRewriteInstructionsDialog,
  type CustomInstruction,
} from './CustomRewriteInstructionsDialog';
import { RewritePreviewDialog } from './RewritePreviewDialog';
import { SectionMenu } from './SectionMenu';
import { rewriteRequest } from './rewrite-request';
import { presetTask, type RewriteTask } from './section-actions';
import { currentSection, sectionOfHeading, type SectionRef } from './section-text';

interface SectionAssistantProps {
  request: SectionMenuRequest;
  paper: { id: string; type: string };
  editor: EditorHandle;
  /** The paper's cited works as the editor holds them (for rendering both texts). */
  citations: readonly unknown[];
  onClose: () => void;
}

interface Preview {
  task: RewriteTask;
  currentText: string;
  /** The section when the rewrite was asked: OK replaces only what it held then. */
  place: PlannedPlace;
  session: StreamSession;
  editing: boolean;
}

type Stage = { kind: 'menu' } | { kind: 'custom' } | ({ kind: 'preview' } & Preview);

const SECTION_GONE =
  'This section is no longer in the paper, so the generated text was not inserted.';

/**
 * A numbered heading's AI actions (000 §2.3, §4): the section menu, the Custom Instructions
 * dialog, the streamed preview and, from it, the Custom Rewrite Instructions dialog. OK puts the
 * generated text in place of what the section held when the rewrite was asked, merged into the
 * live document like the writing process's results (issue 32): text anyone typed into the
 * section meanwhile stays beside it, and the user is told so. The paper then has unsaved
 * changes like any edit.
 */
export function SectionAssistant(props: SectionAssistantProps) {
  const { request, paper, editor, citations } = props;
  const showAlert = useAlert();
  const refreshCosts = useRefreshCosts();
  const availability = useAiAvailability();
  const settings = useAiSettings();
  const { filters, ready: filtersReady } = useSearchFilters();
  const [stage, setStage] = useState<Stage>({ kind: 'menu' });
  // The dialogs' close handlers stay the same across the editor's re-renders (Modal refocuses
  // when its handler changes).
  const closeRef = useRef(props.onClose);
  useEffect(() => {
    closeRef.current = props.onClose;
  }, [props.onClose]);
  const onClose = useCallback(() => closeRef.current(), []);

  // The section the menu was opened on, fixed for the menu's life: OK replaces exactly it.
  const [target] = useState<SectionRef | undefined>(() =>
    sectionOfHeading(editor.getMarkdown(), request.heading),
  );
  const sectionLabel = target
    ? `${target.section.sectionNumber} ${target.section.sectionTitle}`
    : request.sectionNumber;

  const start = (task: RewriteTask) => {
    const markdown = editor.getMarkdown();
    const current = target && currentSection(markdown, target);
    if (!current) {
      showAlert(SECTION_GONE);
      onClose();
      return;
    }
    const built = rewriteRequest({
      markdown,
      target: current,
      paper,
      task,
      filters: filtersReady ? filters : undefined,
      selectedModel: settings.data?.selectedModel,
    });
    // Charged or refunded, the balance changed once the stream ends.
    const session = new StreamSession((signal, onUpdate) =>
      streamAi(built.path, built.body, { signal, onUpdate }).finally(refreshCosts),
    );
    const { sectionTitle, sectionLevel } = current.section;
    setStage({
      kind: 'preview',
      task,
      currentText: built.body.currentSection,
      place: { sectionIndex: current.index, sectionTitle, sectionLevel },
      session,
      editing: false,
    });
  };

  const choose = (action: RewriteAction) => {
    if (action === 'custom') setStage({ kind: 'custom' });
    else start(presetTask(action));
  };

  const cancel = useCallback(() => {
    if (stage.kind === 'preview') stage.session.cancel();
    onClose();
  }, [stage, onClose]);

  const accept = (preview: Preview, generated: string, cited: CitedWork[]) => {
    // The works join the list first, so the new citations render with their labels at once.
    editor.mergeAcceptedCitations(cited);
    const outcome = editor.mergeSectionResult({
      place: preview.place,
      baseMarkdown: preview.currentText,
      newMarkdown: generated,
      provenance: aiProvenance(
        'section-rewrite',
        settings.data?.selectedModel ?? MODEL_NOT_RECORDED,
      ),
    });
    if (outcome.status === 'missing') {
      showAlert(SECTION_GONE);
      return;
    }
    if (outcome.status === 'merged' && outcome.merge.keptEdits > 0) {
      showAlert(keptEditsNotice([sectionLabel]));
    }
    onClose();
  };

  const saveInstructions = (preview: Preview, instruction: CustomInstruction) => {
    preview.session.cancel();
    const { action } = preview.task;
    const edited = instruction.instructions !== ACTION_INSTRUCTIONS[action];
    start({
      ...preview.task,
      action: edited && action !== 'custom' ? 'custom' : action,
      instructions: instruction.instructions,
      enableLiteratureSearch: instruction.enableLiteratureSearch,
    });
  };

  if (stage.kind === 'menu') {
    return (
      <SectionMenu
        sectionLabel={sectionLabel}
        button={request.button}
        availability={availability}
        onChoose={choose}
        onClose={onClose}
      />
    );
  }
  if (stage.kind === 'custom') {
    return (
      <CustomInstructionsDialog
        sectionLabel={sectionLabel}
        placeholder="Enter your instructions for rewriting the section..."
        onCancel={onClose}
        onSubmit={({ instructions, systemPrompt }) =>
          start({ action: 'custom', instructions, systemPrompt, enableLiteratureSearch: true })
        }
      />
    );
  }
  const preview = stage;
  return (
    <>
      <RewritePreviewDialog
        sectionLabel={sectionLabel}
        currentText={preview.currentText}
        task={preview.task}
        session={preview.session}
        citations={citations}
        onEditInstructions={() => setStage({ ...preview, editing: true })}
        onAccept={(generated, cited) => accept(preview, generated, cited)}
        onCancel={cancel}
      />
      {preview.editing && (
        <CustomRewriteInstructionsDialog
          sectionLabel={sectionLabel}
          initial={{
            instructions: preview.task.instructions,
            enableLiteratureSearch: preview.task.enableLiteratureSearch,
          }}
          defaults={{
            instructions: ACTION_INSTRUCTIONS[preview.task.action] || DEFAULT_REWRITE_INSTRUCTION,
            enableLiteratureSearch: true,
          }}
          onSave={(instruction) => saveInstructions(preview, instruction)}
          onCancel={() => setStage({ ...preview, editing: false })}
        />
      )}
    </>
  );
}
