import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EditorContent, type Editor } from '@tiptap/react';
import { useQueryClient } from '@tanstack/react-query';
import { paperKeys } from '../api/papers';
import { authClient } from '../auth/auth-client';
import type { Paper } from '../../shared/papers/paper';
import { roleAllows } from '../../shared/papers/paper-permissions';
import { ShareDialog } from '../sharing/ShareDialog';
import { CommenterAddComment } from '../comments/CommenterAddComment';
import { useCommenting } from '../comments/useCommenting';
import { useChunkAnalysis } from '../ai/chunks/useChunkAnalysis';
import { AiWritingButton } from '../ai/writing/AiWritingButton';
import { SectionAssistant } from '../ai/rewrite/SectionAssistant';
import { LoadingPaper } from '../components/LoadingPaper';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { createEditorHandle } from './bridge/create-editor-handle';
import { usePublishEditorHandle, useSetEditorSearchText } from './bridge/EditorBridge';
import { addComment, selectedRange } from './commands/add-comment';
import { DIAGRAM_TEMPLATE, insertDiagram } from './commands/insert-diagram';
import { insertEquation } from './commands/insert-equation';
import { removeAllCitations } from './commands/remove-all-citations';
import { SaveAsDialog } from './dialogs/SaveAsDialog';
import { EditorDialogs } from './EditorDialogs';
import { VersionHistoryDialog } from './history/VersionHistoryDialog';
import { PaperTitleBar } from './PaperTitleBar';
import { RewritePaperModal } from '../rewrite-paper/RewritePaperModal';
import { useChangeTracker } from './saving/useChangeTracker';
import { useLeaveWarning } from './saving/useLeaveWarning';
import { usePaperPersistence } from './saving/usePaperPersistence';
import { ExportMenu } from './export/ExportMenu';
import { AiUsePanel } from './provenance/AiUsePanel';
import { AiUseStatementDialog } from './provenance/AiUseStatementDialog';
import { EditorToolbar } from './toolbar/EditorToolbar';
import { useEditorDialogs } from './useEditorDialogs';
import { useScriptorEditor } from './useScriptorEditor';
import type { LiveDocument } from './live/live-document';
import { useLiveDocument } from './live/useLiveDocument';
import { PresenceList } from '../presence/PresenceList';
import { usePresence } from '../presence/presence';

export interface PaperEditorProps {
  paper: Paper;
  onClose: () => void;
  /** The toolbar search: the workspace fills the References pane search with `text`. */
  onSearchText?: (text: string) => void;
  /** Opens another paper (the one Save As created). */
  onOpenPaper?: (id: string) => void;
  /** Hook for 'Generate APA References'; the button is hidden without it. */
  onGenerateReferences?: (editor: Editor) => void;
  /** Hook for 'Edit Files' (the File Editor); the button is hidden without it. */
  onEditFiles?: (paperId: string) => void;
  /** Hook for 'Edit Paper Properties' (the wizard in edit mode); hidden without it. */
  onEditProperties?: (paperId: string) => void;
  /** A click on one work's in-text label (the reference modal). */
  onCitationClick?: (refId: string) => void;
}

type Panel = 'history' | 'saveAs' | 'removeCitations' | 'rewritePaper' | 'aiUse' | 'aiUseStatement';

/**
 * The open paper: title, toolbar, rich editor bound to the paper's live document, saving and
 * version history. Shown once the live document is (see useLiveDocument).
 */
export function PaperEditor(props: PaperEditorProps) {
  const { live } = useLiveDocument(props.paper.id);
  if (!live) return <LoadingPaper />;
  return <LivePaperEditor {...props} live={live} />;
}

function LivePaperEditor(props: PaperEditorProps & { live: LiveDocument }) {
  const { paper, live } = props;
  // A viewer or commenter reads the paper (docs/sharing.md).
  const mayEdit = roleAllows(paper.role, 'edit');
  const editable = mayEdit;
  const [sharing, setSharing] = useState(false);
  const tracker = useChangeTracker();
  const { data: session } = authClient.useSession();
  const sessionUser = session?.user;
  const author = useMemo(
    () => (sessionUser ? { id: sessionUser.id, name: sessionUser.name } : null),
    [sessionUser],
  );
  const { environment, dialog, openDialog, closeDialog } = useEditorDialogs(paper.citations, {
    onCitationClick: props.onCitationClick,
    sectionMenu: true,
    author,
  });
  const [base, setBase] = useState(paper);
  const [title, setTitle] = useState(paper.title);
  const [panel, setPanel] = useState<Panel | null>(null);
  // 'Highlight AI-written text' of the AI use panel (docs/provenance.md).
  const [highlightAi, setHighlightAi] = useState(false);
  // 'Saved' shows after a save until the next change, whichever way the save was asked for.
  const [savedOnce, setSavedOnce] = useState(false);

  // A newer stored version (saved from elsewhere) becomes the base: its content is already
  // in the live document; its title replaces the shown one unless the user is renaming.
  const [seenPaper, setSeenPaper] = useState(paper);
  if (paper !== seenPaper) {
    setSeenPaper(paper);
    if (paper.updated_at !== base.updated_at) {
      setBase(paper);
      if (!tracker.dirty) setTitle(paper.title);
    }
  }
  useEffect(() => environment.citations.replace(base.citations), [environment, base.citations]);

  const { recordChange } = tracker;

  const scriptor = useScriptorEditor({
    markdown: base.content,
    editable,
    environment,
    onChange: recordChange,
    live: live.ydoc,
    awareness: live.provider.awareness,
  });
  const { editor } = scriptor;
  // A role changed while the paper is open (useLiveDocument refetches it): the editor follows
  // at once. Not an edit of the paper, so no update is emitted.
  const [openedAs] = useState(paper.role);
  useEffect(() => {
    if (editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);
  const handle = useMemo(
    () => createEditorHandle(editor, environment.citations, recordChange),
    [editor, environment, recordChange],
  );
  usePublishEditorHandle(handle);
  const people = usePresence(live.provider.awareness, {
    id: sessionUser?.id ?? '',
    name: sessionUser?.name ?? '',
  });
  const commenting = useCommenting(base.id, paper.role, editor);
  useChunkAnalysis(editor, base.id, environment.citations, editable);
  const setSearchText = useSetEditorSearchText();

  const readDraft = useCallback(() => ({ title, content: handle.getMarkdown() }), [title, handle]);
  // A paper stored by a save elsewhere (an AI result, a restore): its text is already in the live
  // document, merged there against what it replaced, so only the rest is taken.
  const queryClient = useQueryClient();
  const applyStored = useCallback(
    (stored: Paper) => {
      // The workspace's copy too: the References pane reads the cited works' checks from it.
      queryClient.setQueryData(paperKeys.detail(stored.id), stored);
      setBase(stored);
      setTitle(stored.title);
      environment.citations.replace(stored.citations, { discardAdded: true });
      tracker.reset();
    },
    [environment, tracker, queryClient],
  );
  const onSaved = useCallback(
    (saved: Paper, revision: number) => {
      scriptor.markSynced(saved.content);
      setBase(saved);
      setSavedOnce(true);
      if (tracker.snapshot() === revision) setTitle(saved.title);
      tracker.markSaved(revision);
    },
    [scriptor, tracker],
  );

  const persistence = usePaperPersistence({
    base,
    tracker,
    readDraft,
    citations: () => (environment.citations.changed ? environment.citations.entries : undefined),
    onSaved,
    applyStored,
    onOpenPaper: props.onOpenPaper,
  });
  useLeaveWarning(tracker.dirty);

  const search = () => {
    const text = handle.getSelectionOrParagraphText();
    setSearchText(text);
    props.onSearchText?.(text);
  };

  // Ctrl+S saves the open paper wherever the focus is in the workspace (the paper list, the
  // References pane, the page itself); a dialog with its own Save (the File Editor) handles
  // the key first and marks it handled.
  const saveRef = useRef(persistence.save);
  useEffect(() => {
    saveRef.current = editable ? persistence.save : () => Promise.resolve();
  }, [editable, persistence.save]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !(event.metaKey || event.ctrlKey)) return;
      if (event.key.toLowerCase() !== 's' || event.altKey || event.shiftKey) return;
      event.preventDefault();
      void saveRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  // For features that must not act on unsaved typing (the AI Writing Process saves first).
  const saveChanges = useCallback(async () => {
    if (tracker.hasUnsaved()) await saveRef.current();
    return !tracker.hasUnsaved();
  }, [tracker]);

  const { onGenerateReferences, onEditFiles, onEditProperties } = props;
  return (
    <div className="paper-editor">
      <PaperTitleBar
        title={title}
        dirty={tracker.dirty}
        saved={savedOnce}
        saving={persistence.saving}
        onTitleChange={(next) => {
          setTitle(next);
          recordChange();
        }}
        onCommit={() => void persistence.save()}
        onRevert={() => setTitle(base.title)}
        onClose={props.onClose}
        readOnly={!editable}
      />
      <PresenceList people={people} />
      {editable && (
        <EditorToolbar
          editor={editor}
          saving={persistence.saving}
          onSearch={search}
          onInsertEquation={() =>
            openDialog({
              kind: 'equation',
              request: { value: '', save: (latex) => insertEquation(editor, latex) },
            })
          }
          onInsertDiagram={() =>
            openDialog({
              kind: 'mermaid',
              request: {
                title: 'Insert Mermaid Diagram',
                value: DIAGRAM_TEMPLATE,
                save: (code) => insertDiagram(editor, code),
              },
            })
          }
          onAddComment={() => {
            const range = selectedRange(editor);
            if (!range) return;
            openDialog({
              kind: 'comment',
              request: {
                title: 'Add Comment',
                value: '',
                range,
                save: (note) => addComment(editor, range, note),
              },
            });
          }}
          onRemoveCitations={() => setPanel('removeCitations')}
          onHistory={() => setPanel('history')}
          onRewritePaper={() => setPanel('rewritePaper')}
          onSave={() => void persistence.save()}
          onSaveAs={() => setPanel('saveAs')}
          onGenerateReferences={onGenerateReferences && (() => onGenerateReferences(editor))}
          onEditFiles={onEditFiles && (() => onEditFiles(base.id))}
          onEditProperties={onEditProperties && (() => onEditProperties(base.id))}
          aiWriting={
            <AiWritingButton
              paper={base}
              editor={handle}
              saveChanges={saveChanges}
              applySaved={applyStored}
            />
          }
          onShare={roleAllows(paper.role, 'manage') ? () => setSharing(true) : undefined}
          exportMenu={
            <ExportMenu
              paperId={base.id}
              citationStyle={base.citation_style}
              beforeExport={() => (tracker.dirty ? persistence.save() : Promise.resolve())}
              onAiUse={() => setPanel('aiUse')}
              onAiUseStatement={() => setPanel('aiUseStatement')}
            />
          }
        />
      )}
      {!mayEdit && (
        <div className="read-only-bar" role="status">
          <span>
            {paper.role !== openedAs && 'The owner changed your role. '}
            Shared with you as {paper.role}: this paper is read-only for you.
          </span>
          {roleAllows(paper.role, 'comment') && (
            <CommenterAddComment
              editor={editor}
              openComment={(request) => openDialog({ kind: 'comment', request })}
            />
          )}
          <ExportMenu
            paperId={base.id}
            citationStyle={base.citation_style}
            beforeExport={() => Promise.resolve()}
            onAiUse={() => setPanel('aiUse')}
          />
        </div>
      )}
      {sharing && <ShareDialog paperId={base.id} onClose={() => setSharing(false)} />}
      <div className={highlightAi ? 'editor-scroll show-ai-provenance' : 'editor-scroll'}>
        <EditorContent editor={editor} className="editor-content" />
      </div>
      {panel === 'aiUse' && (
        <AiUsePanel
          editor={editor}
          highlight={highlightAi}
          onHighlightChange={setHighlightAi}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'aiUseStatement' && editable && (
        <AiUseStatementDialog editor={editor} onClose={() => setPanel(null)} />
      )}

      <EditorDialogs dialog={dialog} onClose={closeDialog} commenting={commenting} />
      {dialog?.kind === 'sectionMenu' && editable && (
        <SectionAssistant
          request={dialog.request}
          paper={base}
          editor={handle}
          citations={environment.citations.entries}
          onClose={closeDialog}
        />
      )}
      {panel === 'removeCitations' && (
        <ConfirmDialog
          title="Remove all citations?"
          message="Are you sure you want to delete all citations from this document? This action cannot be undone."
          confirmLabel="Yes, remove all"
          danger
          onConfirm={() => {
            removeAllCitations(editor);
            setPanel(null);
          }}
          onCancel={() => setPanel(null)}
        />
      )}
      {panel === 'rewritePaper' && (
        <RewritePaperModal
          paper={base}
          getMarkdown={handle.getMarkdown}
          citations={environment.citations.entries}
          saveUnsaved={async () => {
            // The rewrite works on the stored paper: unsaved typing is saved first, never lost.
            if (tracker.hasUnsaved()) await persistence.save();
            return !tracker.hasUnsaved();
          }}
          onSaved={applyStored}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'saveAs' && (
        <SaveAsDialog
          initialName={`${title.trim() || base.title} (copy)`}
          busy={persistence.savingAs}
          error={persistence.saveAsError}
          onSave={(name) => void persistence.saveAs(name).then((saved) => saved && setPanel(null))}
          onClose={() => {
            persistence.clearSaveAsError();
            setPanel(null);
          }}
        />
      )}
      {panel === 'history' && (
        <VersionHistoryDialog
          paperId={base.id}
          hasUnsavedChanges={tracker.dirty}
          readCurrent={readDraft}
          onRestored={() => {
            setPanel(null);
            void persistence.afterRestore();
          }}
          onClose={() => setPanel(null)}
        />
      )}
    </div>
  );
}
