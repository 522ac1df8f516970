import { apiFetch } from '../../api/http';
import type { TourName } from '../../../shared/tours/tours';

/** The tours this user has been shown, asked fresh each time (another tab may have shown one). */
export async function fetchToursSeen(): Promise<TourName[]> {
  return (await apiFetch<{ seen: TourName[] }>('/api/tours')).seen;
}

export async function markTourSeen(tour: TourName): Promise<void> {
  await apiFetch('/api/tours/seen', { method: 'POST', body: JSON.stringify({ tours: [tour] }) });
}
