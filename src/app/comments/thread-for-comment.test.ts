import { describe, expect, it } from 'vitest';
import type { CommentThread } from './comments-api';
import { threadForComment } from './thread-for-comment';

const thread = (id: string, anchor: string): CommentThread => ({
  id,
  anchor,
  author_name: 'Ada',
  author_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  resolved_at: null,
  resolved_by_name: null,
  replies: [],
});

describe('threadForComment', () => {
  const threads = [thread('a', 'check'), thread('b', 'other'), thread('c', 'check')];

  it('takes the n-th thread of the same note, in creation order', () => {
    expect(threadForComment(threads, 'check', 0)?.id).toBe('a');
    expect(threadForComment(threads, 'check', 1)?.id).toBe('c');
    expect(threadForComment(threads, 'other', 0)?.id).toBe('b');
  });

  it('finds none for a comment without a thread', () => {
    expect(threadForComment(threads, 'check', 2)).toBeNull();
    expect(threadForComment(threads, 'unknown', 0)).toBeNull();
  });
});
