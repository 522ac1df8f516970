import { describe, expect, it } from 'vitest';
import {
  SANDBOX_BUSY_MESSAGE,
  SandboxBudget,
  serverCapMessage,
  userCapMessage,
  userCapRefusal,
} from './sandbox-budget';

describe('the sandbox budget', () => {
  it('holds a user to their cap and says why the next one waits', async () => {
    const budget = new SandboxBudget(8, 2);
    const first = await budget.take('alice', { waitMs: 1000 });
    await budget.take('alice', { waitMs: 1000 });
    const heard: string[] = [];
    const third = budget.take('alice', { waitMs: 5000, onWait: (message) => heard.push(message) });
    expect(heard).toEqual([userCapMessage(2)]);
    // Another user is not held back by alice's wait.
    const bob = await budget.take('bob', { waitMs: 1000 });
    first();
    await third;
    expect(budget.liveCount).toBe(3);
    bob();
    expect(budget.liveCount).toBe(2);
  });

  it('refuses after the wait with a clear message, server-wide and per user', async () => {
    const budget = new SandboxBudget(1, 1);
    await budget.take('alice', { waitMs: 1000 });
    await expect(budget.take('alice', { waitMs: 10 })).rejects.toThrow(userCapRefusal(1));
    const heard: string[] = [];
    await expect(
      budget.take('bob', { waitMs: 10, onWait: (message) => heard.push(message) }),
    ).rejects.toThrow(SANDBOX_BUSY_MESSAGE);
    expect(heard).toEqual([serverCapMessage(1)]);
    expect(budget.liveCount).toBe(1);
  });

  it('asks for an idle sandbox to be freed before waiting', async () => {
    const budget = new SandboxBudget(2, 2);
    const idle = await budget.take('alice', { waitMs: 1000 });
    await budget.take('bob', { waitMs: 1000 });
    const asked: [string, boolean][] = [];
    const carol = budget.take('carol', {
      waitMs: 1000,
      reclaim: (owner, anyOwner) => {
        asked.push([owner, anyOwner]);
        idle();
        return true;
      },
    });
    await carol;
    expect(asked).toEqual([['carol', true]]);
  });

  it('tells whose sandbox, freed, would let a waiting request start', async () => {
    const budget = new SandboxBudget(3, 1);
    const alice = await budget.take('alice', { waitMs: 1000 });
    await budget.take('bob', { waitMs: 1000 });
    expect(budget.wouldServe('alice')).toBe(false);
    const second = budget.take('alice', { waitMs: 1000 });
    // Alice waits at her own cap: only her sandbox helps, though the server has room.
    expect(budget.wouldServe('bob')).toBe(false);
    expect(budget.wouldServe('alice')).toBe(true);
    await budget.take('carol', { waitMs: 1000 });
    const dave = budget.take('dave', { waitMs: 1000 });
    // The server is full and dave has none: anyone's sandbox would do for him.
    expect(budget.wouldServe('bob')).toBe(true);
    alice();
    await second;
    dave.catch(() => undefined);
  });

  it('gives a released slot back only once', async () => {
    const budget = new SandboxBudget(1, 1);
    const release = await budget.take('alice', { waitMs: 1000 });
    release();
    release();
    expect(budget.liveCount).toBe(0);
  });
});
