import { describe, expect, it } from 'vitest';
import { htmlNestingDepth } from './html-depth';

describe('htmlNestingDepth', () => {
  it('counts nested elements', () => {
    expect(htmlNestingDepth('<div><section><em>x</em></section></div><div></div>')).toBe(3);
    expect(htmlNestingDepth(`${'<div>'.repeat(100_000)}x${'</div>'.repeat(100_000)}`)).toBe(
      100_000,
    );
  });

  it('does not count void elements, implied end tags, self-closing tags or comments', () => {
    expect(htmlNestingDepth('<p>a<p>b<p>c<br><img src="x"><ul><li>1<li>2</ul>')).toBe(1);
    expect(htmlNestingDepth('<table><tr><td>1<td>2</table><svg><path/></svg>')).toBe(1);
    expect(htmlNestingDepth('<!-- <div><div><div> -->text')).toBe(0);
  });
});
