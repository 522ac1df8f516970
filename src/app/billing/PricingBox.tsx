import { useState } from 'react';
import {
  EXAMPLE_PAPER_UNITS,
  formatDollars,
  formatExamplePaperCost,
} from '../../shared/billing/money';
import { useBillingInfo, usePricingModels } from './api/billing';
import { PricingDialog } from './PricingDialog';
import { useSelectedModelCost } from './useSelectedModelCost';

/**
 * The pricing box of the welcome screen and the landing page (002 §2). Signed-out visitors
 * see the public price list; signed-in users the list with their free-tier labels.
 */
export function PricingBox({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="welcome-card pricing-box" aria-label="Pricing">
      <h2>Pricing</h2>
      {signedIn ? <SignedInText /> : <PublicText />}
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

/**
 * 002 §1, §9: a typical paper is 1 structure generation plus 20 sections, 21 times the cost per
 * section, in dollars with 2 decimals.
 */
function CostExample({ cost, model }: { cost: number | undefined; model?: string }) {
  if (cost === undefined) return null;
  return (
    <p className="cost-example" data-testid="cost-example">
      A typical paper{model ? ` with ${model}` : ''}: 1 structure generation + 20 sections ={' '}
      {EXAMPLE_PAPER_UNITS} × {formatDollars(cost)} ={' '}
      <strong>{formatExamplePaperCost(cost)}</strong>. Actual cost may vary slightly with content
      length and retries.
    </p>
  );
}

function PublicText() {
  const models = usePricingModels('public');
  const first = models.data?.models.find((model) => model.cost_per_section !== null);
  return (
    <>
      <PayPerUseText />
      <CostExample cost={first?.cost_per_section ?? undefined} model={first?.descriptive_name} />
    </>
  );
}

function SignedInText() {
  const info = useBillingInfo();
  const cost = useSelectedModelCost();
  if (info.data && !info.data.enabled) {
    return <p>AI use is free on this server: nothing is charged.</p>;
  }
  return (
    <>
      <PayPerUseText />
      <CostExample cost={cost} model="your model" />
    </>
  );
}
