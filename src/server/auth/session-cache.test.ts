import { describe, expect, it } from 'vitest';
import type { CurrentUser } from './current-user';
import { SessionCache } from './session-cache';

const ada: CurrentUser = { id: 'u1', email: 'ada@example.org', name: 'Ada', isAdmin: false };
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('SessionCache', () => {
  it('serves a remembered session until its time is up', () => {
    const cache = new SessionCache(30_000);
    cache.remember('cookie-a', ada, inAnHour(), cache.generation);
    expect(cache.find('cookie-a')).toEqual(ada);
    expect(cache.find('cookie-b')).toBeUndefined();
    expect(cache.find('cookie-a', Date.now() + 31_000)).toBeUndefined();
    // Once past its time the entry is gone, not merely hidden.
    expect(cache.find('cookie-a')).toBeUndefined();
  });

  it('never serves a session past its expiry', () => {
    const cache = new SessionCache(30_000);
    const expiresAt = new Date(Date.now() + 5_000);
    cache.remember('cookie-a', ada, expiresAt, cache.generation);
    expect(cache.find('cookie-a', expiresAt.getTime() - 1)).toEqual(ada);
    expect(cache.find('cookie-a', expiresAt.getTime())).toBeUndefined();
  });

  it('forgets everything when a session or user changes', () => {
    const cache = new SessionCache(30_000);
    cache.remember('cookie-a', ada, inAnHour(), cache.generation);
    cache.clear();
    expect(cache.find('cookie-a')).toBeUndefined();
  });

  it('does not store a lookup that started before a change', () => {
    const cache = new SessionCache(30_000);
    const startedAt = cache.generation;
    cache.clear(); // a sign-out lands while the lookup waits for the database
    cache.remember('cookie-a', ada, inAnHour(), startedAt);
    expect(cache.find('cookie-a')).toBeUndefined();
  });
});
