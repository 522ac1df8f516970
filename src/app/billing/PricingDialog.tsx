import { useState } from 'react';
import { Modal } from '../components/Modal';
import { Spinner } from '../components/Spinner';
import {
  EXAMPLE_PAPER_UNITS,
  formatDollars,
  formatExamplePaperCost,
} from '../../shared/billing/money';
import { usePricingModels, type PricedModel } from './api/billing';

function price(model: PricedModel): string {
  // 002 §5: a missing cost shows as a dash.
  return model.cost_per_section === null ? '—' : formatDollars(model.cost_per_section);
}

/**
 * 002 §2 Pricing dialog: the models and their price per section or chat message, loaded when
 * opened, and the typical paper example recalculated for the model clicked.
 */
export function PricingDialog({
  source,
  onClose,
}: {
  source: 'account' | 'public';
  onClose: () => void;
}) {
  const models = usePricingModels(source);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = models.data?.models ?? [];
  const selected = list.find((model) => model.model_name === chosen) ?? list[0];
  const freeTier = models.data?.userIsFreeTier ?? false;

  return (
    <Modal
      title="Pricing"
      onClose={onClose}
      width={560}
      footer={
        <button type="button" className="button primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <p>
        Pay per use: no monthly fees, and a choice of AI models. Each model has a price per section
        or chat message, in dollars.
      </p>
      {models.isPending ? (
        <Spinner />
      ) : models.isError ? (
        <p className="error-box">Failed to load pricing</p>
      ) : list.length === 0 ? (
        <>
          <p className="empty-state">No models available.</p>
          {models.data.message && <p className="muted">{models.data.message}</p>}
        </>
      ) : (
        <>
          <ul className="pricing-models" aria-label="Models">
            {list.map((model) => (
              <li key={model.model_name}>
                <button
                  type="button"
                  className={model === selected ? 'pricing-model selected' : 'pricing-model'}
                  aria-pressed={model === selected}
                  onClick={() => setChosen(model.model_name)}
                >
                  <span className="pricing-model-name">{model.descriptive_name}</span>
                  {freeTier && !model.free_tier && (
                    <span className="badge upgrade">Upgrade Required</span>
                  )}
                  <span className="pricing-model-price">
                    {price(model)} per section or chat message
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {selected && (
            <div className="pricing-example" data-testid="pricing-example">
              <strong>Typical paper with {selected.descriptive_name}:</strong> 1 structure
              generation plus 20 sections = {EXAMPLE_PAPER_UNITS} × {price(selected)} ={' '}
              <strong>
                {selected.cost_per_section === null
                  ? '—'
                  : formatExamplePaperCost(selected.cost_per_section)}
              </strong>
              <p className="muted">
                Actual cost may vary slightly with content length and retries.
              </p>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
