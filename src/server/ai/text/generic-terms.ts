import { keyTerms } from './key-terms';

/**
 * Words any scientific sentence may share with any abstract, and the words a text uses to talk
 * about itself ('this section reviews the evidence'): sharing only these is not sharing a topic,
 * and a sentence made only of them states no claim to find literature for.
 */
const GENERIC = new Set(
  keyTerms(
    [
      'effect effects increase increases decrease decreases reduce reduces associated association',
      'risk level levels patient patients study studies result results cell cells human humans',
      'high low higher lower rate rates role show shows use used type group groups factor factors',
      'activity response function section chapter paper article review reviews evidence literature',
      'research work works finding findings data analysis approach topic discuss discussion present',
      'describe overview introduction background method methods conclusion summary important',
      'recent new novel various different many several known field question questions issue issues',
    ].join(' '),
  ),
);

export function isGenericTerm(term: string): boolean {
  return GENERIC.has(term);
}
