import { citingSentences } from '../check/claims';

/**
 * The claims (sentences without their citations) in which the model cited a work that was not
 * in the evidence: the citation filter removed it, and the user should check the sentence.
 */
export function removedCitationClaims(
  raw: string,
  allowed: ReadonlyMap<string, unknown>,
): string[] {
  return citingSentences(raw)
    .filter((sentence) => sentence.refIds.some((refId) => !allowed.has(refId)))
    .map((sentence) => sentence.claim);
}
