import { describe, expect, it } from 'vitest';
import { detectImportFormat, importWorks } from './import-works';

describe('detectImportFormat', () => {
  it.each([
    ['@article{a, title={x}}', 'bibtex'],
    ['% comment\n\n@book{b,\n title={y}}', 'bibtex'],
    ['TY  - JOUR\nTI  - x\nER  - ', 'ris'],
    ['\uFEFF[{"title": "x"}]', 'csl-json'],
    ['{"title": "x"}', 'csl-json'],
    ['just some text', null],
  ])('%j → %s', (text, format) => {
    expect(detectImportFormat(text)).toBe(format);
  });
});

describe('importWorks', () => {
  it('imports each format through one entry point', () => {
    expect(importWorks('@article{a, title={From BibTeX}}').works[0]?.title).toBe('From BibTeX');
    expect(importWorks('TY  - JOUR\nTI  - From RIS\nER  - ').works[0]?.title).toBe('From RIS');
    expect(importWorks('[{"type": "book", "title": "From CSL"}]').works[0]?.title).toBe('From CSL');
  });

  it('honours an explicit format', () => {
    expect(importWorks('[{"type": "book", "title": "x"}]', 'bibtex')).toEqual({
      works: [],
      errors: [],
    });
  });

  it('reports an unrecognised file as entry 0 and does not throw', () => {
    expect(importWorks('hello')).toEqual({
      works: [],
      errors: [
        {
          entry: 0,
          line: null,
          key: null,
          message: 'Unrecognised reference file: expected BibTeX, RIS or CSL-JSON',
        },
      ],
    });
  });
});
