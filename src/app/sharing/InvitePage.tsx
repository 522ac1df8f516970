import { useEffect, useState } from 'react';
import type { PaperRole } from '../../shared/papers/paper-permissions';
import { apiFetch } from '../api/http';

interface InvitationPreview {
  paper_id: string;
  paper_title: string;
  owner_name: string;
  role: string;
  status: string;
  message: string | null;
  your_role: PaperRole | null;
}

/**
 * /invite/:token for a signed-in person (docs/sharing.md): what the link offers, and Accept,
 * which opens the paper. A signed-out visitor signs in first and comes back here.
 */
export function InvitePage(props: { token: string; onOpenPaper: (paperId: string) => void }) {
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiFetch<InvitationPreview>(`/api/invitations/${encodeURIComponent(props.token)}`)
      .then(setPreview)
      .catch((failure: unknown) =>
        setError(failure instanceof Error ? failure.message : 'Invitation not found'),
      );
  }, [props.token]);

  const accept = async () => {
    setBusy(true);
    try {
      const joined = await apiFetch<{ paper_id: string }>(
        `/api/invitations/${encodeURIComponent(props.token)}/accept`,
        { method: 'POST' },
      );
      props.onOpenPaper(joined.paper_id);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Could not accept the invitation');
      setBusy(false);
    }
  };

  return (
    <main className="invite-page">
      <h1>Invitation</h1>
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
      {preview && !error && (
        <>
          <p>
            {preview.owner_name} invites you to “{preview.paper_title || 'Untitled paper'}” as{' '}
            {preview.role}.
          </p>
          {preview.message && <p className="error-box">{preview.message}</p>}
          {preview.your_role ? (
            <button
              type="button"
              className="button primary"
              onClick={() => props.onOpenPaper(preview.paper_id)}
            >
              Open the paper
            </button>
          ) : (
            preview.status === 'active' && (
              <button
                type="button"
                className="button primary"
                disabled={busy}
                onClick={() => void accept()}
              >
                Accept invitation
              </button>
            )
          )}
        </>
      )}
    </main>
  );
}
