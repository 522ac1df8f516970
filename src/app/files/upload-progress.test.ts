import { describe, expect, it } from 'vitest';
import { applyChunk, initialProgress } from './upload-progress';

const run = (chunks: string[]) => chunks.reduce(applyChunk, initialProgress());

describe('applyChunk', () => {
  it('adds 10 per chunk up to 90, appends content and ignores STATUS chunks', () => {
    const state = run([
      '[STATUS:Converting]',
      '[STATUS:Reading page 1 of 2]',
      '# Title',
      '\n\nText',
    ]);
    expect(state.uploadProgress).toBe(40);
    expect(state.content).toBe('# Title\n\nText');
    expect(state.uploaded).toBe(false);
    const capped = run(Array.from({ length: 15 }, () => '[STATUS:working]'));
    expect(capped.uploadProgress).toBe(90);
    expect(capped.content).toBe('');
  });

  it('sets 100 and uploaded when FINISHED arrives', () => {
    const state = run(['[STATUS:Converting]', 'Body', '[STATUS:FINISHED]']);
    expect(state).toMatchObject({
      uploadProgress: 100,
      uploaded: true,
      content: 'Body',
      error: null,
    });
  });

  it('reads markers split across chunks and merged with content', () => {
    const state = run(['[STA', 'TUS:Converting]Hello [STATUS:FIN', 'ISHED]']);
    expect(state.content).toBe('Hello ');
    expect(state.uploaded).toBe(true);
  });

  it('reports the error of a failed conversion', () => {
    const state = run([
      '[STATUS:Converting]',
      '[STATUS:ERROR:This%20PDF%20is%20password-protected.]',
    ]);
    expect(state.error).toBe('This PDF is password-protected.');
    expect(state.uploaded).toBe(false);
  });

  it('restores escaped marker text in the content', () => {
    expect(run(['See [STATUS\\:x] here', '[STATUS:FINISHED]']).content).toBe('See [STATUS:x] here');
  });
});
