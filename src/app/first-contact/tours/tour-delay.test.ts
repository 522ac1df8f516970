import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterDelayWithoutDialog } from './tour-delay';

describe('afterDelayWithoutDialog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is due after the delay when no dialog is open', () => {
    const due = vi.fn();
    afterDelayWithoutDialog(() => false, due, { delayMs: 1000, retryMs: 500 });
    vi.advanceTimersByTime(999);
    expect(due).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(due).toHaveBeenCalledOnce();
  });

  it('waits out an open dialog, then the whole delay again', () => {
    let open = true;
    const due = vi.fn();
    afterDelayWithoutDialog(() => open, due, { delayMs: 1000, retryMs: 500 });
    vi.advanceTimersByTime(5000);
    expect(due).not.toHaveBeenCalled();
    open = false; // the dialog is answered
    vi.advanceTimersByTime(500); // seen closed at the next look
    vi.advanceTimersByTime(999);
    expect(due).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(due).toHaveBeenCalledOnce();
  });

  it('starts the delay over when a dialog reopens before it ends', () => {
    let open = true;
    const due = vi.fn();
    afterDelayWithoutDialog(() => open, due, { delayMs: 1000, retryMs: 500 });
    vi.advanceTimersByTime(1000);
    open = false;
    vi.advanceTimersByTime(500);
    open = true; // another dialog, open when the delay ends
    vi.advanceTimersByTime(1000);
    open = false;
    vi.advanceTimersByTime(500 + 999);
    expect(due).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(due).toHaveBeenCalledOnce();
  });

  it('is never due once cancelled', () => {
    let open = true;
    const due = vi.fn();
    const cancel = afterDelayWithoutDialog(() => open, due, { delayMs: 1000, retryMs: 500 });
    vi.advanceTimersByTime(1500);
    cancel();
    open = false;
    vi.advanceTimersByTime(10_000);
    expect(due).not.toHaveBeenCalled();
  });
});
