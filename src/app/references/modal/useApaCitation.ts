import { useMutation } from '@tanstack/react-query';
import type { Work } from '../../../shared/citations/work';
import { fetchApaCitation } from '../api/citation-api';

/**
 * 'Show citation': the APA reference of the work, looked up by DOI (spec 000 §5); a stored
 * work without one is formatted from its record by refId.
 */
export function useApaCitation(work: Pick<Work, 'refId' | 'doi'>) {
  return useMutation({
    mutationFn: () =>
      fetchApaCitation(work.doi !== null ? { doi: work.doi } : { refIds: [work.refId] }),
  });
}
