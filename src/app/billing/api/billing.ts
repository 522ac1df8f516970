import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/http';

/** Balance poll of 001 §7 and §9. */
export const BALANCE_POLL_MS = 30_000;

export interface BillingInfo {
  enabled: boolean;
  payments: 'stripe' | 'manual';
  topUpAmounts: number[];
  startingCredit: number;
  isAdmin: boolean;
  isFreeTier: boolean;
}

export interface BillingEntry {
  id: number;
  date: string;
  kind: 'top_up' | 'grant' | 'charge' | 'refund';
  what: string;
  amount: number;
  balanceAfter: number;
}

/** A model as GET /api/models/available lists it (002 §3); a cost may be missing. */
export interface PricedModel {
  model_name: string;
  descriptive_name: string;
  cost_per_section: number | null;
  free_tier: boolean;
}

export interface ModelList {
  models: PricedModel[];
  userIsFreeTier: boolean;
  isAdmin: boolean;
  message?: string | null;
}

export const billingKeys = {
  balance: ['billing', 'balance'] as const,
  info: ['billing', 'info'] as const,
  history: ['billing', 'history'] as const,
  adminUsers: (search: string) => ['billing', 'admin-users', search] as const,
};

export function useBillingInfo() {
  return useQuery({
    queryKey: billingKeys.info,
    queryFn: () => apiFetch<BillingInfo>('/api/billing/info'),
    staleTime: 60_000,
  });
}

/** Polled every 30 s while signed in (the workspace is only mounted with a session). */
export function useBalance(enabled = true) {
  return useQuery({
    queryKey: billingKeys.balance,
    queryFn: () => apiFetch<{ balance: number }>('/api/user/balance'),
    refetchInterval: BALANCE_POLL_MS,
    enabled,
  });
}

/** After a priced call or a payment: the balance, history and free-tier state may change. */
export function useRefreshCosts() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: ['billing'] });
  }, [client]);
}

export function useBillingHistory() {
  return useQuery({
    queryKey: billingKeys.history,
    queryFn: () =>
      apiFetch<{ entries: BillingEntry[]; nextBefore: number | null }>(
        '/api/user/billing-history?limit=100',
      ),
  });
}

export function useCheckout() {
  return useMutation({
    mutationFn: (amountIndex: number) =>
      apiFetch<{ url: string }>('/api/payments/checkout', {
        method: 'POST',
        body: JSON.stringify({ amountIndex }),
      }),
  });
}

/** Loaded each time the Pricing dialog opens (002 §4): never served from an old cache. */
export function usePricingModels(source: 'account' | 'public') {
  return useQuery({
    queryKey: ['billing', 'pricing', source],
    queryFn: () =>
      apiFetch<ModelList>(source === 'account' ? '/api/models/available' : '/api/pricing'),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export interface AdminUser {
  email: string;
  name: string;
  balance: number;
  hasPaid: boolean;
}

export function useAdminUsers(search: string) {
  return useQuery({
    queryKey: billingKeys.adminUsers(search),
    queryFn: () =>
      apiFetch<{ users: AdminUser[] }>(`/api/admin/users?search=${encodeURIComponent(search)}`),
    placeholderData: (previous) => previous,
  });
}

export interface GrantResult {
  email: string;
  amount: number;
  balance: number;
  applied: boolean;
}

export function useGrantCredit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; amount: string; paid: boolean; requestId: string }) =>
      apiFetch<GrantResult>('/api/admin/credit', { method: 'POST', body: JSON.stringify(input) }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}
