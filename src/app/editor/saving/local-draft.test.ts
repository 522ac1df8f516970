import { describe, expect, it } from 'vitest';
import { readLocalDraft, removeLocalDraft, writeLocalDraft, type LocalDraft } from './local-draft';

/** localStorage's contract, with a quota counted in characters. */
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  constructor(private readonly quota = Infinity) {}
  get length() {
    return this.#items.size;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const others = [...this.#items].filter(([name]) => name !== key);
    const used = others.reduce((sum, [name, text]) => sum + name.length + text.length, 0);
    if (used + key.length + value.length > this.quota) throw new Error('QuotaExceededError');
    this.#items.set(key, value);
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
}

const draft = (content: string, writtenAt: string): LocalDraft => ({
  title: 'T',
  content,
  baseUpdatedAt: '2026-11-22T10:00:00.000Z',
  writtenAt,
});

describe('local drafts', () => {
  it('writes, reads and removes one draft per paper', () => {
    const storage = new MemoryStorage();
    expect(writeLocalDraft(storage, 'a', draft('one', '1'))).toBe(true);
    expect(writeLocalDraft(storage, 'b', draft('two', '2'))).toBe(true);
    expect(readLocalDraft(storage, 'a')?.content).toBe('one');
    removeLocalDraft(storage, 'a');
    expect(readLocalDraft(storage, 'a')).toBeNull();
    expect(readLocalDraft(storage, 'b')?.content).toBe('two');
  });

  it('ignores what is not a draft', () => {
    const storage = new MemoryStorage();
    storage.setItem('scriptor.draft.a', '{not json');
    storage.setItem('scriptor.draft.b', JSON.stringify({ title: 'only a title' }));
    expect(readLocalDraft(storage, 'a')).toBeNull();
    expect(readLocalDraft(storage, 'b')).toBeNull();
  });

  it("makes room from other papers' oldest drafts when the quota is full", () => {
    const storage = new MemoryStorage(480);
    writeLocalDraft(storage, 'old', draft('x'.repeat(100), '2026-01-01'));
    writeLocalDraft(storage, 'newer', draft('y'.repeat(100), '2026-06-01'));
    expect(writeLocalDraft(storage, 'open', draft('z'.repeat(120), '2026-11-22'))).toBe(true);
    expect(readLocalDraft(storage, 'old')).toBeNull();
    expect(readLocalDraft(storage, 'newer')?.content).toBe('y'.repeat(100));
    expect(readLocalDraft(storage, 'open')?.content).toBe('z'.repeat(120));
  });

  it('answers false when even an empty storage cannot hold the draft', () => {
    const storage = new MemoryStorage(50);
    expect(writeLocalDraft(storage, 'open', draft('z'.repeat(100), '1'))).toBe(false);
  });
});
