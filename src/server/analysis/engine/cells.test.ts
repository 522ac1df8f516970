import { describe, expect, it } from 'vitest';
import { outputText } from './cells';

describe('a cell output as a prompt sees it', () => {
  it('keeps the alignment of a printed table and names figures', () => {
    const table = '       mean\ngroup      \na      1.5\n';
    expect(
      outputText([
        { output_type: 'stream', name: 'stdout', text: table },
        {
          output_type: 'display_data',
          data: { 'image/png': 'iVBOR', 'text/plain': '<Figure size 640x480 with 1 Axes>' },
          metadata: {},
        },
      ]),
    ).toBe(`${table}\n[figure]\n<Figure size 640x480 with 1 Axes>`);
  });

  it('strips colours from a traceback and cuts long output', () => {
    const red = `${String.fromCharCode(27)}[0;31m`;
    expect(
      outputText([
        { output_type: 'error', ename: 'E', evalue: 'v', traceback: [`${red}NameError: x`] },
      ]),
    ).toBe('NameError: x');
    expect(outputText([{ output_type: 'stream', name: 'stdout', text: 'x'.repeat(50) }], 10)).toBe(
      `${'x'.repeat(10)}\n…(cut)`,
    );
  });
});
