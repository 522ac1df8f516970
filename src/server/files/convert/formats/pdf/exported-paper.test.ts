import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportBrowser } from '../../../../export/chromium/export-browser';
import { buildExportPaper } from '../../../../export/export-paper';
import { exportPdf } from '../../../../export/pdf/export-pdf';
import { structureOf } from '../../testing/structure';
import { convertPdf } from './convert-pdf';

/** Issue 17.11: the app's own PDF export, uploaded again, keeps its tables, lists and math. */
const WRAPPED_CELL =
  '22 of 30 infants, as eight families left the study before the second nap because of illness or travel';

const PAPER = `# Methods

Infants slept in the laboratory while we recorded their sleep.

| Group | Score | Participants |
| --- | --- | --- |
| Control | 3.5 | 24 |
| Treatment | 4.25 | 26 |
| Waitlist | 2.75 | ${WRAPPED_CELL} |

Each session followed the same protocol.

- Recordings started at the first nap.
- Memory was tested after waking.
- Parents kept a sleep diary.

The retention score is

$$
R = \\frac{s_{after}}{s_{before}}
$$

for every infant.

# Results

Retention was higher after sleep.`;

const browser = new ExportBrowser(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 60_000);
let markdown = '';

beforeAll(async () => {
  const paper = buildExportPaper({
    title: 'Sleep and Memory',
    content: PAPER,
    citations: [],
    citationStyle: null,
    includeAbstracts: false,
  });
  const pdf = await exportPdf(browser, paper, { paperSize: 'A4', maxPages: 10 });
  markdown = await convertPdf({
    fileName: 'paper.pdf',
    bytes: new Uint8Array(pdf),
    workDir: '/nonexistent',
    report: () => undefined,
  });
}, 120_000);
afterAll(() => browser.close());

describe("convertPdf on the app's own exported PDF", () => {
  it('keeps a 3-column table with a wrapped cell whole, all rows inside', () => {
    // The last row's long cell wraps onto two lines; the export's 'overflow-wrap: anywhere'
    // then squeezes the other columns until Chromium breaks words inside them ('Scor' / 'e'),
    // which no reader can tell from two words: cells are compared without their spaces.
    expect(structureOf(markdown).tableCells.map((cell) => cell.replace(/\s+/g, ''))).toEqual([
      'Group',
      'Score',
      'Participants',
      'Control',
      '3.5',
      '24',
      'Treatment',
      '4.25',
      '26',
      'Waitlist',
      '2.75',
      WRAPPED_CELL.replace(/\s+/g, ''),
    ]);
    expect(markdown).not.toMatch(/^(?!\|).*illness or travel/m);
  });

  it('makes each bullet, whose disc Chromium draws as a shape, its own list item', () => {
    expect(structureOf(markdown).listItems).toEqual([
      'Recordings started at the first nap.',
      'Memory was tested after waking.',
      'Parents kept a sleep diary.',
    ]);
    expect(markdown).toContain('Each session followed the same protocol.\n\n- Recordings');
    expect(markdown).toMatch(/^The retention score is$/m);
  });

  it('takes no line of a display equation for a heading', () => {
    expect(structureOf(markdown).headings).toEqual(['Sleep and Memory', 'Methods', 'Results']);
  });
});
