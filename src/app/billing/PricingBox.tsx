import { useState } from 'react';
import { useBillingInfo } from './api/billing';
import { PricingDialog } from './PricingDialog';

/**
 * The pricing box of the welcome screen and the landing page (002 §2). Signed-out visitors
 * see the public price list; signed-in users the list with their free-tier labels.
 */
export function PricingBox({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="welcome-card pricing-box" aria-label="Pricing">
      <h2>Pricing</h2>
      {signedIn ? <SignedInText /> : <PayPerUseText />}
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        View pricing details
      </button>
      {open && (
        <PricingDialog source={signedIn ? 'account' : 'public'} onClose={() => setOpen(false)} />
      )}
    </section>
  );
}

function PayPerUseText() {
  return (
    <p>
      Pay per use, no monthly fees: each section written or chat message costs the price of the AI
      model you choose.
    </p>
  );
}

function SignedInText() {
  const info = useBillingInfo();
  if (info.data && !info.data.enabled) {
    return <p>AI use is free on this server: nothing is charged.</p>;
  }
  return <PayPerUseText />;
}
