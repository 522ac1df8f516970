import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberRole, PaperRole } from '../../shared/papers/paper-permissions';
import { apiFetch } from '../api/http';

export interface Member {
  user_id: string;
  name: string;
  email: string;
  role: MemberRole;
  added_at: string;
}

export interface Invitation {
  id: string;
  role: MemberRole;
  expires_at: string;
  max_uses: number;
  uses: number;
  status: 'active' | 'expired' | 'revoked' | 'used-up';
}

export interface Access {
  role: PaperRole;
  owner: { user_id: string; name: string; email: string } | null;
  members: Member[];
  invitations: Invitation[];
}

const accessKey = (paperId: string) => ['papers', 'access', paperId] as const;

/** Who has access to a paper (docs/sharing.md). */
export function usePaperAccess(paperId: string) {
  return useQuery({
    queryKey: accessKey(paperId),
    queryFn: () => apiFetch<Access>(`/api/papers/${paperId}/members`),
  });
}

function useAccessMutation<T, R>(paperId: string, run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: accessKey(paperId) }),
  });
}

export function useInviteByEmail(paperId: string) {
  return useAccessMutation(paperId, (input: { email: string; role: MemberRole }) =>
    apiFetch(`/api/papers/${paperId}/members`, { method: 'POST', body: JSON.stringify(input) }),
  );
}

export function useChangeRole(paperId: string) {
  return useAccessMutation(paperId, (input: { userId: string; role: MemberRole }) =>
    apiFetch(`/api/papers/${paperId}/members/${input.userId}`, {
      method: 'PATCH',
      body: JSON.stringify({ role: input.role }),
    }),
  );
}

export function useRemoveMember(paperId: string) {
  return useAccessMutation(paperId, (userId: string) =>
    apiFetch(`/api/papers/${paperId}/members/${userId}`, { method: 'DELETE' }),
  );
}

export function useCreateInvitation(paperId: string) {
  return useAccessMutation(
    paperId,
    (input: { role: MemberRole; expiresInDays: number; maxUses: number }) =>
      apiFetch<{ path: string }>(`/api/papers/${paperId}/invitations`, {
        method: 'POST',
        body: JSON.stringify(input),
      }),
  );
}

export function useRevokeInvitation(paperId: string) {
  return useAccessMutation(paperId, (invitationId: string) =>
    apiFetch(`/api/papers/${paperId}/invitations/${invitationId}`, { method: 'DELETE' }),
  );
}

/** 'Leave': the shared paper goes from the member's list; the paper itself is untouched. */
export function leavePaper(paperId: string) {
  return apiFetch(`/api/papers/${paperId}/members/me`, { method: 'DELETE' });
}
