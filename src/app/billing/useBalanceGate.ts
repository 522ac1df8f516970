import { balanceGate, type BalanceGate } from './balance-gate';
import { useBalance, useBillingInfo } from './api/billing';
import { useSelectedModelCost } from './useSelectedModelCost';

/**
 * The single place the client decides whether the balance allows an AI action: by default at
 * the cost per section of the user's selected model (0.05 when unknown); an action priced
 * differently passes its own cost.
 */
export function useBalanceGate(costPerSection?: number | null): BalanceGate & {
  billingEnabled: boolean;
} {
  const selectedCost = useSelectedModelCost();
  const info = useBillingInfo();
  const billingEnabled = info.data?.enabled ?? false;
  const balance = useBalance(billingEnabled);
  return {
    ...balanceGate(billingEnabled, balance.data?.balance ?? null, costPerSection ?? selectedCost),
    billingEnabled,
  };
}
