import { useEffect, useState } from 'react';
import { formatDollars } from '../../../shared/billing/money';
import { InsufficientBalancePopover } from '../../billing/InsufficientBalancePopover';
import { useBalanceGate } from '../../billing/useBalanceGate';
import { useAiAvailability } from '../availability/useAiAvailability';
import { useWritingProcess, type WritingProcessOptions } from './useWritingProcess';
import { WritingProcessModal } from './WritingProcessModal';

/**
 * The toolbar's AI writing button and its modal (001 §2). The button is disabled while the
 * balance is not above the selected model's cost per section (001 §6); a Top Up button beside
 * it then opens the Insufficient Balance popover. A job found on opening the paper (running,
 * or finished and not yet saved) opens the modal by itself, so a reload loses nothing.
 */
export function AiWritingButton(props: WritingProcessOptions) {
  const gate = useBalanceGate();
  // Why the writing cannot start (no model configured, or the balance), told before Start.
  const unavailable = useAiAvailability()('writing').reason;
  const process = useWritingProcess(props);
  const [open, setOpen] = useState(false);
  const [popover, setPopover] = useState(false);
  const { checked, job, plan, loadPlan } = process;

  const [reopened, setReopened] = useState(false);
  if (checked && !reopened) {
    setReopened(true);
    if (job) setOpen(true);
  }
  useEffect(() => {
    if (open && job === null && plan === null) void loadPlan();
  }, [open, job, plan, loadPlan]);

  return (
    <span className="ai-writing-control">
      <button
        type="button"
        className="toolbar-button ai-writing-button"
        title={gate.allowed ? 'AI writing' : `AI writing: ${gate.message ?? ''}`}
        aria-label="AI writing"
        disabled={!gate.allowed || !checked}
        onClick={() => setOpen(true)}
      >
        ✦ AI writing
      </button>
      {!gate.allowed && (
        <button
          type="button"
          className="toolbar-button"
          title={`Balance: ${formatDollars(gate.balance ?? 0)}`}
          onClick={() => setPopover(true)}
        >
          Top Up
        </button>
      )}
      {popover && (
        <InsufficientBalancePopover
          balance={gate.balance ?? 0}
          required={gate.costPerSection}
          message={gate.message}
          onClose={() => setPopover(false)}
        />
      )}
      {open && (
        <WritingProcessModal
          process={process}
          costPerSection={gate.costPerSection}
          unavailable={unavailable}
          balance={gate.balance}
          sectionsCovered={gate.sectionsCovered}
          onClose={() => setOpen(false)}
        />
      )}
    </span>
  );
}
