import { useMutation } from '@tanstack/react-query';
import type { Work } from '../../../shared/citations/work';
import { fetchApaCitation } from '../api/citation-api';

/**
 * 'Show citation': the APA reference of the work. Only a work with a DOI is looked up (spec
 * 000 §5); without one, a reference stored with the work (from an import) is all there is.
 */
export function useApaCitation(work: Pick<Work, 'doi' | 'reference'>) {
  return useMutation({
    mutationFn: async () => {
      if (work.doi !== null) return fetchApaCitation(work.doi);
      if (work.reference) return work.reference;
      throw new Error('Citation not found');
    },
  });
}
