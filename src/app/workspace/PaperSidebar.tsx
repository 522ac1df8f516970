import { useRef, useState, type ReactNode } from 'react';
import { useDeletePaper, usePaperList } from '../api/papers';
import { authClient } from '../auth/auth-client';
import { navigate } from '../router';
import { useAlert } from '../components/AlertProvider';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Popup } from '../components/Popup';
import { useMenuButton } from '../components/useMenuButton';
import { focusLater } from '../components/focus-later';
import { Spinner } from '../components/Spinner';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { relativeTime } from '../../shared/time/relative-time';
import { PAPER_TYPE_LABELS, isPaperType } from '../../shared/papers/paper-types';
import { LimitSourcesButton } from '../references/filters/LimitSourcesButton';
import { ModelSelectorButton } from '../ai/models/ModelSelectorButton';
import { AddPaperFlow } from '../wizard/AddPaperFlow';
import { OpenDataAnalysisButton } from '../analysis/OpenDataAnalysisButton';
import { BalanceWidget } from '../billing/BalanceWidget';
import { BalanceGuard } from '../billing/BalanceGuard';
import { FreeTierBanner } from '../billing/FreeTierBanner';
import { useBillingMenu } from '../billing/BillingMenuItems';
import type { WorkspaceUser } from './Workspace';
import type { NewPaperProperties } from '../chat/chat-launcher';
import { OpenChatButton } from '../chat/OpenChatButton';

import { useActiveRewrites } from '../rewrite-paper/api/paper-rewrite-api';
import { useQueryClient } from '@tanstack/react-query';
import { leavePaper } from '../sharing/sharing-api';

const SEARCH_DEBOUNCE_MS = 300;

interface PaperSidebarProps {
  user: WorkspaceUser;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onDeleted: (id: string) => void;
  showAddPaper: boolean;
  setShowAddPaper: (shown: boolean) => void;
  /** The help menu, beside the account menu. */
  help?: ReactNode;
  /** What the create dialog opens with (a research-chat suggestion), if anything. */
  addPaperPrefill: NewPaperProperties | null;
}

export function PaperSidebar(props: PaperSidebarProps) {
  const showAlert = useAlert();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const papers = usePaperList(debouncedSearch);
  const activeRewrites = useActiveRewrites();
  const deletePaper = useDeletePaper();
  const [pendingDelete, setPendingDelete] = useState<{ id: string; title: string } | null>(null);
  const [pendingLeave, setPendingLeave] = useState<{ id: string; title: string } | null>(null);
  const queryClient = useQueryClient();

  const confirmLeave = async () => {
    if (!pendingLeave) return;
    const { id } = pendingLeave;
    try {
      await leavePaper(id);
      await queryClient.invalidateQueries({ queryKey: ['papers'] });
      props.onDeleted(id);
    } catch (error) {
      showAlert(error instanceof Error && error.message ? error.message : 'Failed to leave paper');
    } finally {
      setPendingLeave(null);
    }
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const { id } = pendingDelete;
    try {
      await deletePaper.mutateAsync(id);
      props.onDeleted(id);
    } catch (error) {
      showAlert(error instanceof Error && error.message ? error.message : 'Failed to delete paper');
    } finally {
      setPendingDelete(null);
    }
  };

  const list = papers.data ?? [];
  return (
    <nav className="sidebar" aria-label="Papers">
      <div className="sidebar-header">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            S
          </span>
          Scriptor
        </span>
        {props.help}
        <UserMenu user={props.user} />
      </div>

      <BalanceWidget />
      <FreeTierBanner />
      <BalanceGuard>
        <button
          type="button"
          className="button primary block"
          onClick={() => props.setShowAddPaper(true)}
        >
          + Add Paper
        </button>
      </BalanceGuard>
      <OpenDataAnalysisButton userEmail={props.user.email} paperId={props.selectedId} />
      <ModelSelectorButton />
      <LimitSourcesButton />
      <OpenChatButton />

      <input
        className="search-input"
        type="search"
        placeholder="Search papers…"
        aria-label="Search papers"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />

      <div className="paper-list" aria-busy={papers.isFetching}>
        {papers.isPending ? (
          <div className="center-muted">
            <Spinner />
          </div>
        ) : papers.isError ? (
          <p className="error-box">Failed to fetch paper</p>
        ) : list.length === 0 ? (
          <p className="empty-state">
            {debouncedSearch ? 'Nothing found with your query' : 'No papers yet'}
          </p>
        ) : (
          <ul>
            {list.map((paper) => (
              <li
                key={paper.id}
                data-paper-id={paper.id}
                className={paper.id === props.selectedId ? 'paper-item selected' : 'paper-item'}
              >
                <button
                  type="button"
                  className="paper-open"
                  title={paper.title || 'Untitled paper'}
                  onClick={() => props.onSelect(paper.id)}
                  aria-current={paper.id === props.selectedId}
                >
                  <span className="paper-title">{paper.title || 'Untitled paper'}</span>
                  <span className="paper-meta">
                    {isPaperType(paper.type) ? PAPER_TYPE_LABELS[paper.type] : paper.type} ·{' '}
                    {relativeTime(paper.updated_at)}
                    {paper.role !== 'owner' && (
                      <span className="paper-shared"> · Shared by {paper.owner_name}</span>
                    )}
                    {/* 002 §3 isBeingRewritten, from the active rewrites. */}
                    {activeRewrites.data?.includes(paper.id) && (
                      <span className="paper-rewriting"> · Being rewritten…</span>
                    )}
                  </span>
                </button>
                {paper.role === 'owner' ? (
                  <button
                    type="button"
                    className="icon-button paper-delete"
                    title="Delete paper"
                    aria-label={`Delete ${paper.title}`}
                    onClick={() => setPendingDelete({ id: paper.id, title: paper.title })}
                  >
                    ×
                  </button>
                ) : (
                  <button
                    type="button"
                    className="icon-button paper-delete"
                    title="Leave paper"
                    aria-label={`Leave ${paper.title}`}
                    onClick={() => setPendingLeave({ id: paper.id, title: paper.title })}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      {props.showAddPaper && (
        <AddPaperFlow
          prefill={props.addPaperPrefill}
          onClose={() => props.setShowAddPaper(false)}
          onSaved={(id) => {
            props.setShowAddPaper(false);
            props.onSelect(id);
            // The person goes on writing the new paper, not from '+ Add Paper'.
            focusLater(EDITABLE_PAPER);
          }}
        />
      )}
      {pendingLeave && (
        <ConfirmDialog
          title="Leave paper"
          message="Remove this shared paper from your list? The paper stays as it is for its owner and the others; you need a new invitation to come back."
          confirmLabel="Leave"
          onConfirm={() => void confirmLeave()}
          onCancel={() => setPendingLeave(null)}
        />
      )}
      {pendingDelete && (
        <ConfirmDialog
          title="Delete paper"
          message="Are you sure you want to delete this paper? This action cannot be undone."
          confirmLabel="Delete"
          danger
          busy={deletePaper.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      )}
    </nav>
  );
}

const EDITABLE_PAPER = '.scriptor-editor[contenteditable="true"]';

function UserMenu({ user }: { user: WorkspaceUser }) {
  const menu = useMenuButton();
  const billingMenu = useBillingMenu(menu.close);
  const root = useRef<HTMLDivElement>(null);
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="avatar"
        title={user.email}
        aria-label="Account menu"
        {...menu.buttonProps}
      >
        {(user.name || user.email).slice(0, 1).toUpperCase()}
      </button>
      {/* Beside the avatar: below it the menu would cover the balance and its Top Up. */}
      {menu.open && (
        <Popup {...menu.popupProps} anchor={root} placement="beside" className="menu">
          <div className="menu-identity">
            <strong>{user.name}</strong>
            <span className="muted">{user.email}</span>
          </div>
          <div role="menu" aria-label="Account">
            {billingMenu.items}
            <button
              type="button"
              role="menuitem"
              className="menu-item"
              // The landing page is at /: a paper's address would stay in the bar over it.
              onClick={() => void authClient.signOut().then(() => navigate('/', { replace: true }))}
            >
              Sign out
            </button>
          </div>
        </Popup>
      )}
      {billingMenu.dialogs}
    </div>
  );
}
