import { initialsOf, isPackedInitials, unpackInitials } from './initials';

/** One author, split the way APA and CSL need it. */
export interface PersonName {
  kind: 'person' | 'organization';
  /** The surname with its particle: 'van Beethoven'. For organisations the whole name. */
  family: string;
  given: string;
  /** 'L.' for 'Ludwig', 'J.-P.' for 'Jean-Paul'; empty without a given name. */
  initials: string;
  /** The lowercase prefix kept with the surname ('van', 'de la'); empty when there is none. */
  particle: string;
  /** 'Jr.', 'III' and the like; empty when there is none. */
  suffix: string;
}

/**
 * Surname prefixes of spec 000 §5 plus a few common companions ('de la', 'van den'). Like
 * BibTeX's "von" part, only lowercase words count: 'Van' in 'Minh Van Nguyen' is a middle name.
 */
export const SURNAME_PARTICLES: ReadonlySet<string> = new Set([
  'van',
  'von',
  'de',
  'del',
  'da',
  'der',
  'di',
  'dos',
  'das',
  'den',
  'du',
  'la',
  'le',
  'des',
  'della',
  'ter',
  'ten',
  'zu',
]);

const SUFFIXES = /^(jr|sr|jnr|snr)\.?$|^(ii|iii|iv|v)$/i;

// Words that (almost) never appear in a person's name but do in an institution's. Weak words such
// as 'Board' or 'Group' are left out on purpose: they are also surnames.
const ORGANIZATION_WORDS =
  /\b(organi[sz]ation|institute|institut|university|universit[äa]t|college|association|society|committee|council|consortium|agency|department|ministry|foundation|cent(er|re)s?|collaborat(ion|ive)|corporation|inc|ltd|llc|gmbh|network|commission|federation|administration|academy|laborator(y|ies)|hospital|government|nations|initiative|alliance|programme|working group|study group|research group|task force)\b|\s(&|and)\s/i;

/**
 * Parses one author string: 'Surname, Given', 'Given Surname', 'G. Surname', Medline's
 * 'Surname GA', with particles ('Ludwig van Beethoven' → family 'van Beethoven') and suffixes
 * ('King, Martin Luther, Jr.'). A name in braces, or one that reads like an institution, is an
 * organisation and is kept whole. Answers null for a blank string.
 */
export function parseName(text: string): PersonName | null {
  const clean = text.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (clean === '') return null;

  const braced = /^\{(.+)\}$/.exec(clean);
  if (braced?.[1]) return organization(braced[1].trim());
  if (clean.includes(' ') && ORGANIZATION_WORDS.test(clean)) return organization(clean);
  if (clean.includes(',')) return parseInverted(clean);
  return parseNatural(clean);
}

/** How a parsed name is stored in Work.authors: 'van Beethoven, Ludwig', reparsable exactly. */
export function formatStoredName(name: PersonName): string {
  if (name.kind === 'organization' || name.given === '') {
    return name.suffix === '' ? name.family : `${name.family}, ${name.suffix}`;
  }
  const base = `${name.family}, ${name.given}`;
  return name.suffix === '' ? base : `${base}, ${name.suffix}`;
}

/** The surname without its particle: 'Beethoven' for 'van Beethoven'. */
export function familyCore(name: PersonName): string {
  return name.particle === '' ? name.family : name.family.slice(name.particle.length).trimStart();
}

export function personName(family: string, given = '', suffix = ''): PersonName {
  const normalizedGiven = normalizeGiven(given);
  return {
    kind: 'person',
    family,
    given: normalizedGiven,
    initials: initialsOf(normalizedGiven),
    particle: leadingParticle(family),
    suffix,
  };
}

function organization(name: string): PersonName {
  return { kind: 'organization', family: name, given: '', initials: '', particle: '', suffix: '' };
}

function parseInverted(text: string): PersonName {
  const [family = '', ...rest] = text.split(',').map((part) => part.trim());
  const parts = rest.filter((part) => part !== '');
  // 'King, Martin Luther, Jr.' (APA order) and 'King, Jr., Martin Luther' (BibTeX order).
  const suffixIndex = parts.findIndex((part) => SUFFIXES.test(part));
  const suffix = suffixIndex === -1 ? '' : (parts.splice(suffixIndex, 1)[0] ?? '');
  return personName(family, parts.join(' '), suffix);
}

function parseNatural(text: string): PersonName {
  const words = text.split(' ');
  const last = words[words.length - 1] ?? '';
  let suffix = '';
  if (words.length > 2 && SUFFIXES.test(last)) {
    suffix = last;
    words.pop();
  }
  if (words.length === 1) return personName(words[0] ?? '', '', suffix);

  // Medline writes 'Smith JA': surname first, then packed initials.
  const tail = words[words.length - 1] ?? '';
  if (suffix === '' && (isPackedInitials(tail) || /^\p{Lu}$/u.test(tail))) {
    return personName(words.slice(0, -1).join(' '), tail);
  }

  let start = words.length - 1;
  while (start > 1 && SURNAME_PARTICLES.has(words[start - 1] ?? '')) start -= 1;
  return personName(words.slice(start).join(' '), words.slice(0, start).join(' '), suffix);
}

function normalizeGiven(given: string): string {
  return given
    .split(' ')
    .map((word) => (isPackedInitials(word) || /^\p{Lu}$/u.test(word) ? unpackInitials(word) : word))
    .join(' ')
    .trim();
}

// 'de la Cruz' → 'de la'; a family name that is only particles ('Van') has none.
function leadingParticle(family: string): string {
  const words = family.split(' ');
  let count = 0;
  while (count < words.length - 1 && SURNAME_PARTICLES.has(words[count] ?? '')) count += 1;
  return words.slice(0, count).join(' ');
}
