import { describe, expect, it } from 'vitest';
import { isWebAuthorsMarker, parseAuthors, splitAuthors } from './authors';
import { familyCore, formatStoredName, parseName, type PersonName } from './person-name';

const person = (
  family: string,
  given: string,
  initials: string,
  particle = '',
  suffix = '',
): PersonName => ({ kind: 'person', family, given, initials, particle, suffix });

const organization = (name: string): PersonName => ({
  kind: 'organization',
  family: name,
  given: '',
  initials: '',
  particle: '',
  suffix: '',
});

describe('splitAuthors: the three shapes of spec 000 §3', () => {
  it.each([
    ['a list of strings', ['Yann LeCun', 'Yoshua Bengio'], ['Yann LeCun', 'Yoshua Bengio']],
    ['one string with "; "', 'Yann LeCun; Yoshua Bengio', ['Yann LeCun', 'Yoshua Bengio']],
    ['one string with ";"', 'LeCun, Yann;Bengio, Yoshua', ['LeCun, Yann', 'Bengio, Yoshua']],
    ['the web marker', 'web', []],
    ['the web marker in a list', ['web'], []],
    ['the web marker, any case', ' Web ', []],
    ['blanks and stray separators', ' ; Yann LeCun ;; ', ['Yann LeCun']],
    ['extra inner spaces', ['Yann   LeCun'], ['Yann LeCun']],
    ['an empty string', '', []],
    ['null', null, []],
    ['undefined', undefined, []],
  ])('%s', (_shape, input, expected) => {
    expect(splitAuthors(input)).toEqual(expected);
  });

  it('tells the web marker apart from an author called Web', () => {
    expect(isWebAuthorsMarker('web')).toBe(true);
    expect(isWebAuthorsMarker(['web', 'Jane Doe'])).toBe(false);
    expect(isWebAuthorsMarker('Jane Web')).toBe(false);
  });
});

describe('parseName', () => {
  it.each([
    ['Surname, Given', 'LeCun, Yann', person('LeCun', 'Yann', 'Y.')],
    ['Given Surname', 'Yann LeCun', person('LeCun', 'Yann', 'Y.')],
    ['G. Surname', 'Y. LeCun', person('LeCun', 'Y.', 'Y.')],
    ['G. G. Surname', 'J. R. R. Tolkien', person('Tolkien', 'J. R. R.', 'J. R. R.')],
    ['Surname, G.', 'Tolkien, J.R.R.', person('Tolkien', 'J.R.R.', 'J. R. R.')],
    ['Medline Surname GA', 'Smith JA', person('Smith', 'J. A.', 'J. A.')],
    ['Medline Surname G', 'Smith J', person('Smith', 'J.', 'J.')],
    ['packed initials after a comma', 'Tolkien, JRR', person('Tolkien', 'J. R. R.', 'J. R. R.')],
    ['middle names', 'Kirk Warren Brown', person('Brown', 'Kirk Warren', 'K. W.')],
    ['hyphenated given', 'Jean-Paul Sartre', person('Sartre', 'Jean-Paul', 'J.-P.')],
    ['hyphenated surname', 'Mary Smith-Jones', person('Smith-Jones', 'Mary', 'M.')],
    ['one word', 'Aristotle', person('Aristotle', '', '')],
    ['accents', 'Émile Durkheim', person('Durkheim', 'Émile', 'É.')],
    [
      'suffix, APA order',
      'King, Martin Luther, Jr.',
      person('King', 'Martin Luther', 'M. L.', '', 'Jr.'),
    ],
    [
      'suffix, BibTeX order',
      'King, Jr., Martin Luther',
      person('King', 'Martin Luther', 'M. L.', '', 'Jr.'),
    ],
    [
      'suffix, natural order',
      'Martin Luther King Jr.',
      person('King', 'Martin Luther', 'M. L.', '', 'Jr.'),
    ],
    ['roman suffix', 'John Smith III', person('Smith', 'John', 'J.', '', 'III')],
  ])('%s: %j', (_form, text, expected) => {
    expect(parseName(text)).toEqual(expected);
  });

  describe('keeps surname particles with the surname (spec 000 §5)', () => {
    it.each([
      ['Ludwig van Beethoven', person('van Beethoven', 'Ludwig', 'L.', 'van')],
      ['van Beethoven, Ludwig', person('van Beethoven', 'Ludwig', 'L.', 'van')],
      ['Wernher von Braun', person('von Braun', 'Wernher', 'W.', 'von')],
      ['Charles de Gaulle', person('de Gaulle', 'Charles', 'C.', 'de')],
      ['Andrea del Verrocchio', person('del Verrocchio', 'Andrea', 'A.', 'del')],
      ['Leonardo da Vinci', person('da Vinci', 'Leonardo', 'L.', 'da')],
      ['Johannes van der Waals', person('van der Waals', 'Johannes', 'J.', 'van der')],
      ['Jan der Meer', person('der Meer', 'Jan', 'J.', 'der')],
      ['Carlo di Benedetto', person('di Benedetto', 'Carlo', 'C.', 'di')],
      ['João dos Santos', person('dos Santos', 'João', 'J.', 'dos')],
      ['Maria das Dores', person('das Dores', 'Maria', 'M.', 'das')],
      ['Maria de la Cruz', person('de la Cruz', 'Maria', 'M.', 'de la')],
      ['J. van den Berg', person('van den Berg', 'J.', 'J.', 'van den')],
      ['de la Cruz, Maria', person('de la Cruz', 'Maria', 'M.', 'de la')],
    ])('%j', (text, expected) => {
      expect(parseName(text)).toEqual(expected);
    });

    it.each([
      // A capitalised 'Van' is a middle name in Vietnamese; after a comma the surname is explicit.
      ['Minh Van Nguyen', person('Nguyen', 'Minh Van', 'M. V.')],
      ['Van Gogh, Vincent', person('Van Gogh', 'Vincent', 'V.')],
      // A lone particle-like word is a surname, not a particle.
      ['Ann van', person('van', 'Ann', 'A.')],
    ])('only lowercase words count as particles: %j', (text, expected) => {
      expect(parseName(text)).toEqual(expected);
    });
  });

  it.each([
    ['World Health Organization'],
    ['Centers for Disease Control and Prevention'],
    ['National Institute of Mental Health'],
    ['Microsoft, Inc.'],
    ['ATLAS Collaboration'],
    ['Johnson & Johnson'],
  ])('keeps organisations whole: %j', (text) => {
    expect(parseName(text)).toEqual(organization(text));
  });

  it('treats a braced name as an organisation, as BibTeX does', () => {
    expect(parseName('{Google DeepMind}')).toEqual(organization('Google DeepMind'));
  });

  it('answers null for a blank name', () => {
    expect(parseName('  ')).toBeNull();
  });

  it('stores names in a form that parses back to the same name', () => {
    for (const text of [
      'Ludwig van Beethoven',
      'Martin Luther King Jr.',
      'Jean-Paul Sartre',
      'World Health Organization',
      'Aristotle',
      'Smith JA',
    ]) {
      const name = parseName(text);
      expect(name).not.toBeNull();
      if (name) expect(parseName(formatStoredName(name))).toEqual(name);
    }
    const beethoven = parseName('Ludwig van Beethoven');
    expect(beethoven && formatStoredName(beethoven)).toBe('van Beethoven, Ludwig');
    expect(beethoven && familyCore(beethoven)).toBe('Beethoven');
  });
});

describe('parseAuthors', () => {
  it('parses every shape into structured names', () => {
    expect(parseAuthors('Ludwig van Beethoven; Smith, J.')).toEqual([
      person('van Beethoven', 'Ludwig', 'L.', 'van'),
      person('Smith', 'J.', 'J.'),
    ]);
    expect(parseAuthors(['Yann LeCun'])).toEqual([person('LeCun', 'Yann', 'Y.')]);
    expect(parseAuthors('web')).toEqual([]);
  });
});
