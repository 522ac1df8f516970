import type { Work } from '../../../shared/citations/work';
import { workToCsl } from '../csl';
import type { CslItem } from '../csl-item';
import { citationKeys } from './citation-key';

/** CSL-JSON items for the works (ids are refIds, with the same citation keys as the .bib). */
export function worksToCslItems(works: readonly Work[]): CslItem[] {
  const keys = citationKeys(works);
  return works.map((work, index) => workToCsl(work, { citationKey: keys[index] }));
}

/** A CSL-JSON file, as Zotero and citation-js read it. */
export function worksToCslJson(works: readonly Work[]): string {
  return `${JSON.stringify(worksToCslItems(works), null, 2)}\n`;
}
