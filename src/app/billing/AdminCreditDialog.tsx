import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../components/Modal';
import { DialogActions } from '../components/DialogActions';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { formatDollars } from '../../shared/billing/money';
import { useAdminUsers, useGrantCredit, type GrantResult } from './api/billing';

/** Administrators (ADMIN_EMAILS) find an account and grant it credit. */
export function AdminCreditDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const [email, setEmail] = useState('');
  const [amount, setAmount] = useState('');
  const [paid, setPaid] = useState(false);
  // One id per intended grant: a double click or a retried request applies once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<GrantResult | null>(null);
  const grant = useGrantCredit();
  const search = useDebouncedValue(email.trim(), 300);
  const users = useAdminUsers(search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    grant.mutate(
      { email: email.trim(), amount: amount.trim(), paid, requestId },
      {
        onSuccess: (result) => {
          setDone(result);
          setAmount('');
          setRequestId(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <Modal
      title="Grant credit"
      onClose={onClose}
      width={560}
      footer={
        <DialogActions
          onCancel={onClose}
          cancelLabel="Close"
          confirmLabel={grant.isPending ? 'Granting…' : 'Grant credit'}
          disabled={grant.isPending || !email.trim() || !amount.trim()}
          form={formId}
        />
      }
    >
      <form id={formId} className="admin-credit-form" onSubmit={submit}>
        <label>
          Account e-mail
          <input
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            list={`${formId}-users`}
            autoComplete="off"
            required
          />
        </label>
        <datalist id={`${formId}-users`}>
          {users.data?.users.map((user) => (
            <option key={user.email} value={user.email}>
              {user.name} · {formatDollars(user.balance)}
            </option>
          ))}
        </datalist>
        <label>
          Amount in dollars
          <input
            inputMode="decimal"
            placeholder="10.00"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            required
          />
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={paid}
            onChange={(event) => setPaid(event.target.checked)}
          />
          This is a payment received outside Stripe (lifts the free tier)
        </label>
      </form>
      {grant.isError && <p className="error-box">{grant.error.message}</p>}
      {done && (
        <p className="success-box" role="status">
          {done.applied
            ? `Granted ${formatDollars(done.amount)} to ${done.email}. New balance: ${formatDollars(done.balance)}.`
            : `This grant was already applied. ${done.email} has ${formatDollars(done.balance)}.`}
        </p>
      )}
      {users.data && users.data.users.length > 0 && (
        <table className="billing-history">
          <thead>
            <tr>
              <th>Account</th>
              <th className="number">Balance</th>
              <th>Tier</th>
            </tr>
          </thead>
          <tbody>
            {users.data.users.slice(0, 8).map((user) => (
              <tr key={user.email}>
                <td>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setEmail(user.email)}
                  >
                    {user.email}
                  </button>
                </td>
                <td className="number">{formatDollars(user.balance)}</td>
                <td>{user.hasPaid ? 'Paid' : 'Free tier'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
