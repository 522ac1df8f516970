import { describe, expect, it } from 'vitest';
import { abstractParagraphs, plainTitle } from './jats-text';

describe('abstractParagraphs', () => {
  it('splits JATS paragraphs and drops the tags', () => {
    const jats =
      '<jats:sec><jats:title>Abstract</jats:title><jats:p>Sleep <jats:italic>consolidates</jats:italic> memory.</jats:p>' +
      '<jats:p>Second\n   paragraph.</jats:p></jats:sec>';
    expect(abstractParagraphs(jats)).toEqual(['Sleep consolidates memory.', 'Second paragraph.']);
  });

  it('keeps plain text, including comparisons that look a little like tags', () => {
    expect(abstractParagraphs('Effects were small (p < 0.05, n > 30).')).toEqual([
      'Effects were small (p < 0.05, n > 30).',
    ]);
  });

  it('decodes entities after removing tags, so escaped markup stays text', () => {
    expect(
      abstractParagraphs('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#233;&#x3b1;</p>'),
    ).toEqual(['<script>alert(1)</script> & éα']);
  });

  it('removes script elements as tags and never keeps attributes', () => {
    expect(abstractParagraphs('<p onclick="steal()">Text<img src=x onerror="bad()"></p>')).toEqual([
      'Text',
    ]);
  });

  it('leaves unknown entities and blank input alone', () => {
    expect(abstractParagraphs('R&D &copy; 2020')).toEqual(['R&D &copy; 2020']);
    expect(abstractParagraphs('   ')).toEqual([]);
  });
});

describe('plainTitle', () => {
  it('flattens emphasis and keeps a title that reads Abstract', () => {
    expect(plainTitle('The <i>Drosophila</i> &amp; <scp>mouse</scp> genome')).toBe(
      'The Drosophila & mouse genome',
    );
    expect(plainTitle('Abstract')).toBe('Abstract');
  });
});
