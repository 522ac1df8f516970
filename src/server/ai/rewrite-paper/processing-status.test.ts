import { describe, expect, it } from 'vitest';
import {
  NOTHING_REWRITTEN_STATUS,
  REWRITE_CANCELLED_STATUS,
  processingStatus,
} from './processing-status';

const section = (status: string) => ({ sectionNumber: '2.1', sectionTitle: 'Data', status });

describe('processingStatus', () => {
  it('is empty without a rewrite and names the section being rewritten', () => {
    expect(processingStatus(undefined, [])).toBe('');
    const running = { status: 'processing' as const, error: null };
    expect(
      processingStatus(running, [
        section('completed'),
        section('processing'),
        section('not_started'),
      ]),
    ).toBe('Rewriting section 2.1 Data (2 of 3)…');
    expect(processingStatus({ status: 'pending', error: null }, [section('not_started')])).toBe(
      'Waiting to rewrite 1 section…',
    );
  });

  it('says completed, or error: with the reason', () => {
    expect(
      processingStatus({ status: 'completed', error: null }, [
        section('completed'),
        section('failed'),
      ]),
    ).toBe('completed');
    expect(processingStatus({ status: 'completed', error: null }, [section('failed')])).toBe(
      NOTHING_REWRITTEN_STATUS,
    );
    expect(processingStatus({ status: 'cancelled', error: null }, [])).toBe(
      REWRITE_CANCELLED_STATUS,
    );
    expect(processingStatus({ status: 'failed', error: 'The paper no longer exists' }, [])).toBe(
      'error: The paper no longer exists',
    );
  });
});
