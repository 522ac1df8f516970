import { describe, expect, it } from 'vitest';
import { detectImportFormat } from './import-format';

describe('detectImportFormat', () => {
  it('trusts a known file extension', () => {
    expect(detectImportFormat('anything', 'library.BIB')).toBe('bibtex');
    expect(detectImportFormat('anything', 'export.ris')).toBe('ris');
    expect(detectImportFormat('anything', 'zotero.json')).toBe('csl-json');
  });

  it.each([
    ['@article{lecun2015, title={Deep learning}}', 'bibtex'],
    ['\uFEFF  @misc{x}', 'bibtex'],
    ['% exported by Zotero\n@book{y}', 'bibtex'],
    ['[{"id": "a", "type": "article-journal"}]', 'csl-json'],
    ['{"id": "a"}', 'csl-json'],
    ['TY  - JOUR\nTI  - Deep learning\nER  - ', 'ris'],
    ['just some words', null],
  ])('reads pasted text %j as %s', (text, format) => {
    expect(detectImportFormat(text, 'notes.txt')).toBe(format);
    expect(detectImportFormat(text)).toBe(format);
  });
});
