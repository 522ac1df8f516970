import { useEffect } from 'react';
import { useAlert } from '../components/AlertProvider';
import { useRefreshCosts } from './api/billing';

/**
 * Stripe Checkout sends the browser back with ?payment=success or ?payment=cancelled: say
 * what happened, refresh the balance, and drop the parameter from the address.
 */
export function PaymentReturnNotice() {
  const showAlert = useAlert();
  const refresh = useRefreshCosts();
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get('payment');
    if (!outcome) return;
    url.searchParams.delete('payment');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    if (outcome === 'success') {
      showAlert('Thank you! Your payment was received; your balance updates within a minute.');
      refresh();
    } else if (outcome === 'cancelled') {
      showAlert('The payment was cancelled. Nothing was charged.');
    }
  }, [showAlert, refresh]);
  return null;
}
