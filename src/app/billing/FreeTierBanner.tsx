import { useState } from 'react';
import { useBillingInfo } from './api/billing';
import { PaymentDialog } from './PaymentDialog';

/** 002 §6: free-tier users see which limits apply and are asked to upgrade by paying. */
export function FreeTierBanner() {
  const info = useBillingInfo();
  const [paying, setPaying] = useState(false);
  if (!info.data?.enabled || !info.data.isFreeTier) return null;
  return (
    <div className="free-tier-banner" role="note">
      <strong>Free Tier Account</strong>
      <p>Free models only and no web search. Make a payment to upgrade and use every model.</p>
      <button type="button" className="link-button" onClick={() => setPaying(true)}>
        Upgrade
      </button>
      {paying && <PaymentDialog onClose={() => setPaying(false)} />}
    </div>
  );
}
