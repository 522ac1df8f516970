import { describe, expect, it } from 'vitest';
import { ConversionQueue } from './conversion-queue';

const LIMITS = { heavySlots: 2, lightSlots: 2, lightBytes: 1000, perUser: 2 };
const LARGE = 5_000_000;
const SMALL = 6;

/** Submits conversions and records the order in which they start and who had to wait. */
function harness() {
  const queue = new ConversionQueue(LIMITS);
  const started: string[] = [];
  const waited: string[] = [];
  const releases = new Map<string, () => void>();
  const submit = (name: string, user: string, bytes: number) => {
    void queue
      .acquire(user, bytes, () => waited.push(name))
      .then((release) => {
        started.push(name);
        releases.set(name, release);
      });
  };
  const finish = async (name: string) => {
    releases.get(name)?.();
    await Promise.resolve();
    await Promise.resolve();
  };
  const settle = async () => {
    for (let step = 0; step < 5; step += 1) await Promise.resolve();
  };
  return { submit, finish, settle, started, waited };
}

describe('ConversionQueue', () => {
  it('starts another user’s small file at once while large files fill the slots', async () => {
    const { submit, settle, started, waited } = harness();
    submit('alice-1', 'alice', LARGE);
    submit('alice-2', 'alice', LARGE);
    submit('carol-1', 'carol', LARGE);
    submit('bob-txt', 'bob', SMALL);
    await settle();
    expect(started).toEqual(['alice-1', 'alice-2', 'bob-txt']);
    expect(waited).toEqual(['carol-1']);
  });

  it('serves users in turn: a waiting user goes before a user who already has slots', async () => {
    const { submit, finish, settle, started } = harness();
    for (const name of ['a1', 'a2', 'a3', 'a4']) submit(name, 'alice', LARGE);
    submit('b1', 'bob', LARGE);
    submit('b2', 'bob', LARGE);
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    await finish('a1');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    await finish('a2');
    await settle();
    // Alice was served longer ago than Bob, so her third starts before his second.
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    await finish('b1');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'b2']);
  });

  it('keeps one user to their share even with small files', async () => {
    const { submit, finish, settle, started, waited } = harness();
    submit('a1', 'alice', SMALL);
    submit('a2', 'alice', SMALL);
    submit('a3', 'alice', SMALL);
    submit('b1', 'bob', SMALL);
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1']);
    expect(waited).toEqual(['a3']);
    await finish('a1');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
  });

  it('lets a large file wait for a large slot while light slots stay free', async () => {
    const { submit, finish, settle, started } = harness();
    submit('a1', 'alice', LARGE);
    submit('b1', 'bob', LARGE);
    submit('c1', 'carol', LARGE);
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    await finish('a1');
    await settle();
    expect(started).toEqual(['a1', 'b1', 'c1']);
  });
});
