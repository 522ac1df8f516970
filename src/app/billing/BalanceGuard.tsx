import { useState, type ReactNode } from 'react';
import { formatDollars } from '../../shared/billing/money';
import { InsufficientBalancePopover } from './InsufficientBalancePopover';
import { useBalanceGate } from './useBalanceGate';

/**
 * Shows `children` (an AI action such as Add Paper) while the balance covers the cost per
 * section; otherwise a 'Top Up' button with a balance tooltip that opens the Insufficient
 * Balance popover (002 §6). `inline` suits a link inside a sentence (the welcome screen's).
 */
export function BalanceGuard({
  costPerSection,
  inline = false,
  children,
}: {
  costPerSection?: number | null;
  inline?: boolean;
  /** Absent: only the Top Up button, where the balance falls short. */
  children?: ReactNode;
}) {
  const gate = useBalanceGate(costPerSection);
  const [open, setOpen] = useState(false);
  if (gate.allowed) return <>{children}</>;
  const balance = gate.balance ?? 0;
  const Wrapper = inline ? 'span' : 'div';
  return (
    <Wrapper className="balance-guard">
      <button
        type="button"
        className={inline ? 'link-button' : 'button primary block'}
        title={`Balance: ${formatDollars(balance)}. ${gate.message ?? ''}`}
        onClick={() => setOpen(true)}
      >
        Top Up
      </button>
      {open && (
        <InsufficientBalancePopover
          balance={balance}
          required={gate.costPerSection}
          message={gate.message}
          onClose={() => setOpen(false)}
        />
      )}
    </Wrapper>
  );
}
