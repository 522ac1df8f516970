import { Modal } from '../components/Modal';
import { Spinner } from '../components/Spinner';
import { formatDollars } from '../../shared/billing/money';
import { useBillingHistory } from './api/billing';

/** The user's ledger entries: date, what, amount and balance after, newest first. */
export function BillingHistoryDialog({ onClose }: { onClose: () => void }) {
  const history = useBillingHistory();
  return (
    <Modal
      title="Billing history"
      onClose={onClose}
      width={640}
      footer={
        <button type="button" className="button primary" onClick={onClose}>
          Close
        </button>
      }
    >
      {history.isPending ? (
        <Spinner />
      ) : history.isError ? (
        <p className="error-box">Failed to load billing history</p>
      ) : history.data.entries.length === 0 ? (
        <p className="empty-state">No charges or payments yet</p>
      ) : (
        <table className="billing-history">
          <thead>
            <tr>
              <th>Date</th>
              <th>What</th>
              <th className="number">Amount</th>
              <th className="number">Balance after</th>
            </tr>
          </thead>
          <tbody>
            {history.data.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{new Date(entry.date).toLocaleString()}</td>
                <td>{entry.what}</td>
                <td className={entry.amount < 0 ? 'number debit' : 'number credit'}>
                  {entry.amount > 0 ? '+' : ''}
                  {formatDollars(entry.amount)}
                </td>
                <td className="number">{formatDollars(entry.balanceAfter)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
