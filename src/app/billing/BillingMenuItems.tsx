import { useState } from 'react';
import { useBillingInfo } from './api/billing';
import { AdminCreditDialog } from './AdminCreditDialog';
import { BillingHistoryDialog } from './BillingHistoryDialog';

/**
 * Account menu entries (the billing history; for administrators the credit screen) and their
 * dialogs, which stay open after the menu closes.
 */
export function useBillingMenu(closeMenu: () => void) {
  const info = useBillingInfo();
  const [open, setOpen] = useState<'history' | 'admin' | null>(null);
  const choose = (dialog: 'history' | 'admin') => {
    setOpen(dialog);
    closeMenu();
  };
  const items = (
    <>
      {info.data?.enabled && (
        <button
          type="button"
          role="menuitem"
          className="menu-item"
          onClick={() => choose('history')}
        >
          Billing history
        </button>
      )}
      {info.data?.isAdmin && (
        <button type="button" role="menuitem" className="menu-item" onClick={() => choose('admin')}>
          Grant credit
        </button>
      )}
    </>
  );
  const dialogs = (
    <>
      {open === 'history' && <BillingHistoryDialog onClose={() => setOpen(null)} />}
      {open === 'admin' && <AdminCreditDialog onClose={() => setOpen(null)} />}
    </>
  );
  return { items, dialogs };
}
