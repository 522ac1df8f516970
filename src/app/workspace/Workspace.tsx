import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Panel,
  PanelGroup,
  PanelResizeHandle,
  type ImperativePanelHandle,
} from 'react-resizable-panels';
import { useFetchPaper, usePaper } from '../api/papers';
import { useAlert } from '../components/AlertProvider';
import { focusLater } from '../components/focus-later';
import { navigate, usePath } from '../router';
import { paperIdFromPath, paperPath } from './paper-route';
import { PaperPane } from './PaperPane';
import { PaperSidebar } from './PaperSidebar';
import { ReferencesPane } from './ReferencesPane';
import { ReferencesProvider } from '../references/ReferencesProvider';
import { useReferencesController } from '../references/useReferencesController';
import { WelcomeScreen } from './WelcomeScreen';
import { SkipLink } from './SkipLink';
import { PaneSwitch, paneId, type PaneName } from './PaneSwitch';
import { useMediaQuery } from '../components/useMediaQuery';
import { FileEditor } from '../files/FileEditor';
import { PaperWizard } from '../wizard/PaperWizard';
import { PaymentReturnNotice } from '../billing/PaymentReturnNotice';
import { HelpMenu } from '../first-contact/HelpMenu';
import { useAutoTour } from '../first-contact/tours/useAutoTour';
import { ChatLauncherProvider } from '../chat/ChatLauncherProvider';
import type { NewPaperProperties } from '../chat/chat-launcher';
import { useEditorShown } from '../editor/bridge/EditorBridge';

export interface WorkspaceUser {
  name: string;
  email: string;
}

/** Pane sizes of spec 002 §2, in percent of the window width. */
export const PANE_LAYOUT = {
  left: { defaultSize: 20, minSize: 15 },
  centre: { defaultSize: 55, minSize: 30 },
  right: { defaultSize: 25, minSize: 15 },
} as const;

/**
 * Below this width (a phone, or a laptop at 200% zoom: 1280 px is 640 CSS px) one pane shows at
 * a time, chosen with the pane tabs (docs/accessibility.md, 'Reflow').
 */
export const NARROW_QUERY = '(max-width: 760px)';

export function Workspace({ user }: { user: WorkspaceUser }) {
  const showAlert = useAlert();
  const narrow = useMediaQuery(NARROW_QUERY);
  const [pane, setPane] = useState<PaneName>('editor');
  // The open paper is the URL's (/papers/{id}), so reload, Back, bookmarks and tabs keep it.
  const selectedId = paperIdFromPath(usePath());
  const paper = usePaper(selectedId);
  const fetchPaper = useFetchPaper();
  const referencesPanel = useRef<ImperativePanelHandle>(null);
  const [referencesCollapsed, setReferencesCollapsed] = useState(false);
  const [showAddPaper, setShowAddPaper] = useState(false);
  const [addPaperPrefill, setAddPaperPrefill] = useState<NewPaperProperties | null>(null);
  const showAddPaperDialog = useCallback((shown: boolean) => {
    setShowAddPaper(shown);
    if (!shown) setAddPaperPrefill(null);
  }, []);
  // A research-chat suggestion creates a paper through the creation dialog, filled in.
  const createPaperFromChat = useCallback((properties: NewPaperProperties) => {
    setAddPaperPrefill(properties);
    setShowAddPaper(true);
  }, []);
  const [fileEditorPaperId, setFileEditorPaperId] = useState<string | null>(null);
  const [propertiesPaperId, setPropertiesPaperId] = useState<string | null>(null);

  const selectPaper = useCallback((id: string) => {
    if (paperIdFromPath(window.location.pathname) !== id) navigate(paperPath(id));
  }, []);
  const clearSelection = useCallback(() => {
    const closed = paperIdFromPath(window.location.pathname);
    navigate('/');
    // The closing button goes with the paper: the focus moves to the paper in the list, which
    // on a narrow screen is the Papers pane's (shown, so the entry can take the focus).
    setPane('papers');
    if (closed) focusLater(`[data-paper-id="${CSS.escape(closed)}"] .paper-open`);
  }, []);
  const onDeleted = useCallback((id: string) => {
    if (paperIdFromPath(window.location.pathname) === id) navigate('/', { replace: true });
  }, []);

  // Paper selection: none → loading → selected; a failed fetch goes back to none (002 §4).
  useEffect(() => {
    if (selectedId === null) return;
    fetchPaper(selectedId).catch(() => {
      showAlert('Failed to load paper details');
      if (paperIdFromPath(window.location.pathname) === selectedId) {
        navigate('/', { replace: true });
      }
    });
  }, [selectedId, fetchPaper, showAlert]);

  const toggleReferences = () => {
    const panel = referencesPanel.current;
    if (!panel) return;
    if (panel.isCollapsed()) panel.expand();
    else panel.collapse();
  };

  // Spec 002 §2: a search started from the editor expands the References pane.
  const expandReferences = useCallback(() => {
    const panel = referencesPanel.current;
    if (panel?.isCollapsed()) panel.expand();
    setPane('references');
  }, []);

  // A paper opened (from the list, a wizard, a link) is what the person wants to see.
  const [panesPaper, setPanesPaper] = useState(selectedId);
  if (panesPaper !== selectedId) {
    setPanesPaper(selectedId);
    if (selectedId !== null) setPane('editor');
  }

  // On a narrow screen: the pane's element (a tab panel), shown only when its tab is chosen.
  const paneProps = (name: PaneName) =>
    narrow
      ? {
          id: paneId(name),
          role: 'tabpanel',
          'aria-labelledby': `tab-${name}`,
          className: pane === name ? 'pane-content shown' : 'pane-content',
        }
      : { className: 'pane-content shown' };

  const loading = selectedId !== null && paper.isPending;
  // 002 §2, §4: the 'landing' tour with no paper selected, the 'editor' tour once its editor is
  // shown: its delay counts from what the person sees, not from a paper still syncing.
  const editorShown = useEditorShown();
  useAutoTour(
    selectedId === null ? 'landing' : paper.data && !loading && editorShown ? 'editor' : null,
  );
  const references = useReferencesController({
    paper: selectedId === null ? undefined : paper.data,
    expandPane: expandReferences,
  });

  return (
    <ReferencesProvider value={references}>
      <ChatLauncherProvider onCreatePaper={createPaperFromChat}>
        <PaymentReturnNotice />
        <SkipLink />
        <div className={narrow ? `workspace narrow showing-${pane}` : 'workspace'}>
          {narrow && <PaneSwitch current={pane} onChange={setPane} />}
          <PanelGroup direction="horizontal" autoSaveId="scriptor.workspace.panes">
            <Panel id="left" order={1} {...PANE_LAYOUT.left} className="pane pane-left">
              <div {...paneProps('papers')}>
                <PaperSidebar
                  user={user}
                  selectedId={selectedId}
                  onSelect={selectPaper}
                  onDeleted={onDeleted}
                  showAddPaper={showAddPaper}
                  setShowAddPaper={showAddPaperDialog}
                  addPaperPrefill={addPaperPrefill}
                  help={<HelpMenu paperOpen={selectedId !== null} />}
                />
              </div>
            </Panel>
            <PanelResizeHandle
              className="resize-handle"
              id="handle-left"
              aria-label="Resize the papers pane"
              title="Drag, or use the arrow keys, to resize"
            />
            <Panel id="centre" order={2} {...PANE_LAYOUT.centre} className="pane pane-centre">
              <div {...paneProps('editor')}>
                <main id="main" className="workspace-main" tabIndex={-1}>
                  <button
                    type="button"
                    className="icon-button references-toggle"
                    title={referencesCollapsed ? 'Expand References' : 'Collapse References'}
                    aria-label={referencesCollapsed ? 'Expand References' : 'Collapse References'}
                    onClick={toggleReferences}
                  >
                    {referencesCollapsed ? '⟨' : '⟩'}
                  </button>
                  {selectedId === null ? (
                    <WelcomeScreen onAddPaper={() => showAddPaperDialog(true)} />
                  ) : (
                    <PaperPane
                      paper={paper.data}
                      loading={loading}
                      onClose={clearSelection}
                      onSearchText={references.searchFromEditor}
                      onGenerateReferences={references.generateReferences}
                      onCitationClick={references.openCitation}
                      onOpenPaper={selectPaper}
                      onEditFiles={setFileEditorPaperId}
                      onEditProperties={setPropertiesPaperId}
                    />
                  )}
                </main>
              </div>
            </Panel>
            <PanelResizeHandle
              className="resize-handle"
              id="handle-right"
              aria-label="Resize the References pane"
              title="Drag, or use the arrow keys, to resize"
            />
            <Panel
              id="right"
              order={3}
              ref={referencesPanel}
              {...PANE_LAYOUT.right}
              collapsible
              collapsedSize={0}
              onCollapse={() => setReferencesCollapsed(true)}
              onExpand={() => setReferencesCollapsed(false)}
              className="pane pane-right"
            >
              <div {...paneProps('references')}>
                <ReferencesPane />
              </div>
            </Panel>
          </PanelGroup>
        </div>
        {fileEditorPaperId !== null && paper.data?.id === fileEditorPaperId && (
          <FileEditor
            paperId={fileEditorPaperId}
            paperType={paper.data.type}
            onClose={() => setFileEditorPaperId(null)}
          />
        )}
        {propertiesPaperId !== null && paper.data?.id === propertiesPaperId && (
          <PaperWizard
            mode="edit"
            paper={paper.data}
            onClose={() => setPropertiesPaperId(null)}
            onSaved={() => setPropertiesPaperId(null)}
          />
        )}
      </ChatLauncherProvider>
    </ReferencesProvider>
  );
}
