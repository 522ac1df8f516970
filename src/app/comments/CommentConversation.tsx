import { useId, useState } from 'react';
import type { CommentThread } from './comments-api';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{timeFormat.format(new Date(iso))}</time>;
}

interface CommentConversationProps {
  /** Null for a comment without a thread yet: answering or resolving starts one. */
  thread: CommentThread | null;
  /** Whether the reader may answer and resolve (the `comment` action). */
  canComment: boolean;
  busy: boolean;
  onReply: (body: string) => Promise<boolean>;
  onResolve: (resolved: boolean) => void;
}

/**
 * A comment's conversation under its note (docs/sharing.md, 'Comments'): who wrote it and
 * when, whether it is resolved, the answers in order, and for those who may comment an
 * answer field with Reply and a Resolve or Reopen button.
 */
export function CommentConversation(props: CommentConversationProps) {
  const { thread, canComment, busy } = props;
  const [answer, setAnswer] = useState('');
  const answerId = useId();
  const resolved = thread?.resolved_at ?? null;

  return (
    <section className="comment-conversation" aria-label="Conversation">
      {thread && (
        <p className="comment-meta">
          <span className="comment-author">{thread.author_name}</span> ·{' '}
          <When iso={thread.created_at} />
        </p>
      )}
      {resolved && (
        <p className="comment-resolved">
          Resolved by {thread?.resolved_by_name ?? 'someone'} · <When iso={resolved} />
        </p>
      )}
      {thread && thread.replies.length > 0 && (
        <ol className="comment-replies" aria-label="Answers">
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <p className="comment-meta">
                <span className="comment-author">{reply.author_name}</span> ·{' '}
                <When iso={reply.created_at} />
              </p>
              <p className="comment-reply-body">{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
      {canComment && (
        <form
          className="comment-reply-form"
          onSubmit={(event) => {
            event.preventDefault();
            const body = answer.trim();
            if (!body) return;
            void props.onReply(body).then((sent) => sent && setAnswer(''));
          }}
        >
          <label htmlFor={answerId}>Answer</label>
          <textarea
            id={answerId}
            className="comment-input"
            rows={2}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
          />
          <div className="comment-reply-actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => props.onResolve(!resolved)}
            >
              {resolved ? 'Reopen' : 'Resolve'}
            </button>
            <button type="submit" className="button primary" disabled={busy || !answer.trim()}>
              Reply
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
