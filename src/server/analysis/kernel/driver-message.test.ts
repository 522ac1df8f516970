import { describe, expect, it } from 'vitest';
import { parseDriverMessage } from './driver-message';

describe('parseDriverMessage', () => {
  it('reads an answer and keeps what a cell printed, NUL stored as U+FFFD', () => {
    const frame = JSON.stringify({
      id: 3,
      status: 'ok',
      execution_count: 2,
      outputs: [{ output_type: 'stream', name: 'stdout', text: 'PATH=/usr/bin\u0000LANG=C' }],
      restarted: false,
    });
    expect(parseDriverMessage(frame)).toEqual({
      id: 3,
      status: 'ok',
      execution_count: 2,
      outputs: [{ output_type: 'stream', name: 'stdout', text: 'PATH=/usr/bin\uFFFDLANG=C' }],
      restarted: false,
    });
  });

  it('refuses what is not one of its messages', () => {
    for (const frame of [
      'AAAA',
      '{"id": 1}',
      '{"id": 1, "status": "ok", "execution_count": 1, "outputs": [{"output_type": "javascript"}], "restarted": false}',
      '{"event": "started"}',
      '[]',
    ]) {
      expect(parseDriverMessage(frame)).toBeNull();
    }
  });
});
