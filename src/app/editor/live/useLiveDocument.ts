import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { paperKeys } from '../../api/papers';
import { useAlert } from '../../components/AlertProvider';
import { documentFragment } from '../../../shared/document/live/y-document';
import { openLiveDocument, type LiveDocument } from './live-document';

export const ACCESS_LOST =
  'You no longer have access to this paper: it was removed from your list.';

export interface LiveDocumentState {
  /** Null until the document can be shown: synced with the server, or read from this browser. */
  live: LiveDocument | null;
  /** Whether everything typed here is stored on the server. */
  stored: boolean;
}

/**
 * Opens the paper's live document for as long as the editor shows it. It is shown once the
 * server has synced it, or once this browser's own copy holds text (the server may be out of
 * reach); typing before either would land in an empty document and then meet the real one.
 */
export function useLiveDocument(paperId: string): LiveDocumentState {
  const showAlert = useAlert();
  const client = useQueryClient();
  const [live, setLive] = useState<LiveDocument | null>(null);
  const [stored, setStored] = useState(true);
  useEffect(() => {
    let shown = false;
    let lost = false;
    const document = openLiveDocument(paperId, {
      onRefused: (_refusal, reason) => {
        if (!lost) showAlert(reason);
      },
      onStored: setStored,
      // The paper's role comes with the paper: the editor follows it (PaperEditor).
      onAccessChanged: () => void client.invalidateQueries({ queryKey: paperKeys.detail(paperId) }),
      onAccessLost: () => {
        if (lost) return;
        lost = true;
        showAlert(ACCESS_LOST);
        void client.invalidateQueries({ queryKey: paperKeys.lists });
        void client.invalidateQueries({ queryKey: paperKeys.detail(paperId) });
      },
    });
    const show = () => {
      if (shown) return;
      shown = true;
      setLive(document);
    };
    document.provider.on('synced', show);
    void document.local.then(() => {
      if (documentFragment(document.ydoc).length > 0) show();
    });
    return () => {
      setLive(null);
      document.destroy();
    };
  }, [client, paperId, showAlert]);
  return { live, stored };
}
