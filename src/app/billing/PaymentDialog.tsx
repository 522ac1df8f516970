import { useState } from 'react';
import { Modal } from '../components/Modal';
import { DialogActions } from '../components/DialogActions';
import { Spinner } from '../components/Spinner';
import { formatDollars } from '../../shared/billing/money';
import { useBillingInfo, useCheckout } from './api/billing';

/**
 * Top Up. With Stripe the user picks one of the server's amounts and is sent to Stripe
 * Checkout; the balance grows when Stripe confirms the payment. Without Stripe the dialog
 * explains how credit is obtained on this server.
 */
export function PaymentDialog({ onClose }: { onClose: () => void }) {
  const info = useBillingInfo();
  const checkout = useCheckout();
  const [amountIndex, setAmountIndex] = useState(0);

  const pay = () => {
    checkout.mutate(amountIndex, {
      onSuccess: ({ url }) => window.location.assign(url),
    });
  };

  if (info.isPending) {
    return (
      <Modal title="Top Up Credits" onClose={onClose}>
        <Spinner />
      </Modal>
    );
  }
  if (info.isError || info.data.payments === 'manual') {
    return (
      <Modal
        title="Top Up Credits"
        onClose={onClose}
        footer={
          <button type="button" className="button primary" onClick={onClose}>
            Close
          </button>
        }
      >
        <p>Online payments are not enabled on this server.</p>
        <p>
          Credit is added by the server&apos;s administrators: ask them to top up your account,
          giving the e-mail address you sign in with. They can grant credit from the administration
          screen or with <code>npm run credit:grant</code>.
        </p>
        {info.data && info.data.startingCredit > 0 && (
          <p className="muted">
            Every new account starts with {formatDollars(info.data.startingCredit)} of credit.
          </p>
        )}
      </Modal>
    );
  }

  return (
    <Modal
      title="Top Up Credits"
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          confirmLabel={checkout.isPending ? 'Opening Stripe…' : 'Continue to payment'}
          disabled={checkout.isPending}
          onConfirm={pay}
        />
      }
    >
      <p>Choose an amount. You pay securely with Stripe; no monthly fees.</p>
      <fieldset className="top-up-amounts">
        <legend>Amount</legend>
        {info.data.topUpAmounts.map((amount, index) => (
          <label key={amount} className="top-up-amount">
            <input
              type="radio"
              name="top-up-amount"
              checked={index === amountIndex}
              onChange={() => setAmountIndex(index)}
            />
            {formatDollars(amount)}
          </label>
        ))}
      </fieldset>
      {checkout.isError && <p className="error-box">{checkout.error.message}</p>}
    </Modal>
  );
}
