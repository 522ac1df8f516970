import { describe, expect, it } from 'vitest';
import { paperIdFromPath, paperPath } from './paper-route';

describe('paper routes', () => {
  it('round-trips a paper id through its path', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(paperPath(id)).toBe(`/papers/${id}`);
    expect(paperIdFromPath(paperPath(id))).toBe(id);
    expect(paperIdFromPath(`/papers/${id}/`)).toBe(id);
  });

  it('opens no paper elsewhere or on a malformed path', () => {
    expect(paperIdFromPath('/')).toBeNull();
    expect(paperIdFromPath('/papers/')).toBeNull();
    expect(paperIdFromPath('/papers/a/b')).toBeNull();
    expect(paperIdFromPath('/papers/%E0%A4%A')).toBeNull();
    expect(paperIdFromPath('/auth/signin')).toBeNull();
  });
});
