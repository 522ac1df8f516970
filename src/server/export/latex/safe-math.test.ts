import { describe, expect, it } from 'vitest';
import { safeMath } from './safe-math';

describe('safeMath', () => {
  it.each([
    '\\frac{a}{b} + \\sum_{i=1}^{n} x_i^2',
    '\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}',
    '\\left( \\mathbb{R}^n \\right) \\, \\{ x \\mid x > 0 \\}',
    '\\text{if } x \\geq 0 \\quad \\operatorname*{argmax}_x f',
    '\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}',
  ])('keeps math LaTeX writes every day: %s', (latex) => {
    expect(safeMath(latex)).toEqual({ ok: true, latex });
  });

  it.each([
    ['\\gdef\\alpha{\\input{/etc/passwd}}', '\\gdef'],
    ['\\def\\x{y}\\x', '\\def'],
    ['\\edef\\x{y}', '\\edef'],
    ['\\xdef\\x{y}', '\\xdef'],
    ['\\let\\x=\\input', '\\let'],
    ['\\text{\\input{/etc/passwd}}', '\\input'],
    ['\\include{x}', '\\include'],
    ['\\openin1=x', '\\openin'],
    ['\\immediate\\openout1=x', '\\immediate'],
    ['\\write18{ls}', '\\write'],
    ['\\read1 to \\x', '\\read'],
    ['\\catcode`\\|=0', '\\catcode'],
    ['\\csname input\\endcsname', '\\csname'],
    ['\\makeatletter', '\\makeatletter'],
    ['\\usepackage{x}', '\\usepackage'],
    ['\\special{x}', '\\special'],
    ['\\newcommand{\\x}{y}', '\\newcommand'],
    ['\\expandafter\\x', '\\expandafter'],
    ['\\href{file:///etc/passwd}{x}', '\\href'],
    ['\\verb|x|', '\\verb'],
    ['\\@input{x}', '\\@'],
    ['\\alphax', '\\alphax'],
  ])('refuses %s (%s)', (latex, command) => {
    expect(safeMath(latex)).toEqual({ ok: false, reason: `the command ${command}` });
  });

  it('refuses ^^ character codes, macro parameters and foreign environments', () => {
    expect(safeMath('^^5cinput{x}')).toEqual({ ok: false, reason: 'a ^^ character code' });
    expect(safeMath('x^^2')).toMatchObject({ ok: false });
    expect(safeMath('#1')).toEqual({ ok: false, reason: 'a macro parameter (#)' });
    expect(safeMath('\\begin{filecontents}{x}')).toMatchObject({ ok: false });
    expect(safeMath('\\end{document}')).toMatchObject({ ok: false });
    expect(safeMath('\\begin\\relax')).toMatchObject({ ok: false });
  });

  it('drops comments, which would hide the closing $, and keeps escaped percent signs', () => {
    expect(safeMath('x % \\input{y}\n+ 1')).toEqual({ ok: true, latex: 'x \n+ 1' });
    expect(safeMath('50\\% x %')).toEqual({ ok: true, latex: '50\\% x ' });
  });
});
