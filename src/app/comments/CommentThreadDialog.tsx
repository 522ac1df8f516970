import { useState } from 'react';
import { roleAllows } from '../../shared/papers/paper-permissions';
import { DialogActions } from '../components/DialogActions';
import { Modal } from '../components/Modal';
import type { CommentEditRequest } from '../editor/extensions/editor-environment';
import { CommentConversation } from './CommentConversation';
import { useCommentThreads, useThreadActions } from './comments-api';
import { threadForComment } from './thread-for-comment';
import type { Commenting } from './useCommenting';

const messageOf = (failure: unknown) =>
  failure instanceof Error && failure.message ? failure.message : 'Something went wrong';

/**
 * A paper's comment popup (spec 000 §2.1: 'Edit Comment' with Cancel, Delete and Save; 'Add
 * Comment' for the selected text) with the comment's conversation: author, time, answers,
 * Resolve and Reopen (docs/sharing.md). A viewer reads it; a commenter uses it in a read-only
 * editor, whose changes of comments are saved at once.
 */
export function CommentThreadDialog(props: {
  request: CommentEditRequest;
  commenting: Commenting;
  onClose: () => void;
}) {
  const { request, commenting, onClose } = props;
  const adding = request.occurrence === undefined;
  const canComment = roleAllows(commenting.role, 'comment');
  const threads = useCommentThreads(commenting.paperId);
  const actions = useThreadActions(commenting.paperId);
  const thread =
    adding || !threads.data
      ? null
      : threadForComment(threads.data, request.value, request.occurrence ?? 0);
  const [note, setNote] = useState(request.value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Runs one change; false when it failed (its reason is shown). */
  const run = async (work: () => Promise<void>, closeAfter: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      if (closeAfter) onClose();
      return true;
    } catch (failure) {
      setError(messageOf(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  // A comment from before threads existed gets its thread when first answered or resolved.
  const threadId = async () => thread?.id ?? (await actions.create(request.value)).id;

  // An editable editor changes the text itself; a read-only one (a commenter's) asks the
  // server, which changes the live document, so the editor gets it like anyone's edit.
  const place = { note: request.value, occurrence: request.occurrence ?? 0 };
  const save = () =>
    run(async () => {
      const text = note.trim();
      if (request.save) {
        request.save(text);
        if (adding) await actions.create(text);
        else if (thread && thread.anchor !== text)
          await actions.update(thread.id, { anchor: text });
      } else if (adding) {
        const range = request.range && commenting.liveRange(request.range);
        if (!range) throw new Error('Select the text to comment on');
        await actions.create(text, range);
      } else if (text !== request.value) {
        await actions.update(await threadId(), { anchor: text, at: place });
      }
    }, true);
  const remove = () =>
    run(async () => {
      if (request.remove) {
        request.remove();
        if (thread) await actions.remove(thread.id);
      } else {
        await actions.remove(await threadId(), place);
      }
    }, true);

  const title = adding ? (request.title ?? 'Add Comment') : canComment ? 'Edit Comment' : 'Comment';
  return (
    <Modal
      title={title}
      onClose={onClose}
      width={520}
      footer={
        canComment ? (
          <DialogActions
            onCancel={onClose}
            confirmLabel="Save"
            disabled={busy || note.trim() === ''}
            onConfirm={() => void save()}
          >
            {!adding && (
              <button
                type="button"
                className="button danger"
                disabled={busy}
                onClick={() => void remove()}
              >
                Delete
              </button>
            )}
          </DialogActions>
        ) : (
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        )
      }
    >
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
      <textarea
        className="comment-input"
        aria-label="Comment"
        rows={adding ? 4 : 3}
        value={note}
        readOnly={!canComment}
        onChange={(event) => setNote(event.target.value)}
      />
      {!adding && (
        <CommentConversation
          thread={thread}
          canComment={canComment}
          busy={busy}
          onReply={(body) =>
            run(async () => {
              await actions.reply(await threadId(), body);
            }, false)
          }
          onResolve={(resolved) =>
            void run(async () => {
              await actions.update(await threadId(), { resolved });
            }, false)
          }
        />
      )}
      {!adding && threads.isLoading && <p className="muted">Loading…</p>}
    </Modal>
  );
}
