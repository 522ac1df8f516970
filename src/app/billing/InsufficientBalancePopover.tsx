import { useEffect, useRef, useState } from 'react';
import { formatDollars } from '../../shared/billing/money';
import { neededAmount } from './balance-gate';
import { PaymentDialog } from './PaymentDialog';

interface InsufficientBalancePopoverProps {
  balance: number;
  required: number;
  message: string | null;
  onClose: () => void;
}

/**
 * 001 §2: balance, required and needed amounts, and Top Up Credits opening the payment
 * dialog; closing that dialog reloads the page so every balance-dependent control is fresh.
 */
export function InsufficientBalancePopover(props: InsufficientBalancePopoverProps) {
  const [paying, setPaying] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const { onClose } = props;

  useEffect(() => {
    if (paying) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const onDown = (event: MouseEvent) => {
      if (panel.current && !panel.current.contains(event.target as Node)) onClose();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onDown);
    };
  }, [onClose, paying]);

  if (paying) return <PaymentDialog onClose={() => window.location.reload()} />;
  return (
    <div ref={panel} className="balance-popover" role="dialog" aria-label="Insufficient Balance">
      <h3>Insufficient Balance</h3>
      {props.message && <p className="balance-popover-message">{props.message}</p>}
      <dl>
        <dt>Balance</dt>
        <dd>{formatDollars(props.balance)}</dd>
        <dt>Required</dt>
        {/* The balance rule: a balance equal to the cost cannot pay (shared/billing/balance-rule). */}
        <dd>more than {formatDollars(props.required)}</dd>
        <dt>Needed</dt>
        <dd>{formatDollars(neededAmount(props.balance, props.required))}</dd>
      </dl>
      <button type="button" className="button primary block" onClick={() => setPaying(true)}>
        Top Up Credits
      </button>
    </div>
  );
}
