import { useState } from 'react';
import { formatDollars } from '../../shared/billing/money';
import { PaymentDialog } from './PaymentDialog';
import { useBalanceGate } from './useBalanceGate';

/** The left sidebar's balance with its tooltip and Top Up button (hidden with BILLING=off). */
export function BalanceWidget({ costPerSection }: { costPerSection?: number | null }) {
  const gate = useBalanceGate(costPerSection);
  const [paying, setPaying] = useState(false);
  if (!gate.billingEnabled || gate.balance === null) return null;
  const sections = Math.floor(gate.balance / gate.costPerSection + 1e-9);
  const tooltip =
    `Balance: ${formatDollars(gate.balance)}. ` +
    `${formatDollars(gate.costPerSection)} per section or chat message with the selected model ` +
    `(about ${sections} ${sections === 1 ? 'section' : 'sections'}).`;
  return (
    <div className="balance-widget">
      <span className="balance-amount" title={tooltip} aria-label={tooltip}>
        Balance <strong data-testid="balance">{formatDollars(gate.balance)}</strong>
      </span>
      <button
        type="button"
        className="button small"
        title={tooltip}
        onClick={() => setPaying(true)}
      >
        Top Up
      </button>
      {paying && <PaymentDialog onClose={() => setPaying(false)} />}
    </div>
  );
}
