import type { Work } from '../../../shared/citations/work';
import { makeWork } from '../../citations/test-fixtures';

/**
 * The export fuzz corpus: papers written to break out of an exported file, collected from the
 * probe of issue 18 and extended with the neighbouring forms. Every paper must export as a
 * valid file that prints what the paper says and nothing else: no content of `secretPath`, no
 * markup of its own. The export tests run every entry.
 */
export interface HostilePaper {
  name: string;
  markdown: string;
  works: Work[];
  /** Text every exported file must still show: proof that nothing was swallowed. */
  shows: string[];
  /** Markup that must not, and escaped text that must, appear in the Word file's document.xml. */
  wordXml?: { never: string[]; shows: string[] };
}

/**
 * Every hostile paper: those aimed at whoever compiles the exported .tex try to read
 * `secretPath`; those aimed at Word try to write markup into document.xml or go deeper than it
 * can.
 */
export function hostilePapers(secretPath: string): HostilePaper[] {
  return [...hostileLatexPapers(secretPath), ...hostileWordPapers()];
}

function hostileLatexPapers(secretPath: string): HostilePaper[] {
  const input = `\\input{${secretPath}}`;
  return [
    {
      name: 'equations that define macros, read files or bypass tokens',
      markdown: [
        '## Equations',
        // The probe's case: a global macro defined in one equation, used in the next.
        `$$\\gdef\\alpha{${input}}$$`,
        '$$\\alpha$$',
        `Inline $$\\def\\beta{${input}}\\beta$$ and $$\\let\\gamma=\\input \\gamma{${secretPath}}$$.`,
        `$$\\edef\\x{${input}}\\x$$`,
        `$$\\xdef\\y{${input}}\\y$$`,
        `$$\\newcommand{\\z}{${input}}\\z$$`,
        `$$\\text{${input}}$$`,
        `$$\\csname input\\endcsname{${secretPath}}$$`,
        `$$^^5cinput{${secretPath}}$$`,
        `$$\\begin{array}{@{${input}}c} x \\end{array}$$`,
        `$$\\immediate\\openout1=leak.tex \\immediate\\write1{x}$$`,
        `$$\\catcode\`\\|=0 |input{${secretPath}}$$`,
        `$$x % ${input}$$`,
        `$$\\makeatletter\\@input{${secretPath}}$$`,
        '$$\\frac{a}{b} + \\sum_{i=1}^{n} x_i$$',
        'Text after the equations.',
      ].join('\n\n'),
      works: [],
      shows: ['Equations', 'Text after the equations.'],
    },
    {
      name: 'a reference list whose fields carry TeX',
      markdown: `## Sources\n\nHostile fields [ref_hostile1; ref_hostile2; ref_hostile3].`,
      works: [
        makeWork({
          refId: 'ref_hostile1',
          id: '10.1234/h1',
          type: 'journal-article',
          title: 'First hostile work',
          authors: [`Doe${input}, Jane`],
          published_year: 2020,
          container_title: `Journal ${input}`,
          // The probe's case: a Crossref page range holding TeX.
          page: input,
          doi: `10.1234/h1}\n\\end{filecontents*}\n${input}`,
        }),
        makeWork({
          refId: 'ref_hostile2',
          id: '10.1234/h2',
          type: 'journal-article',
          // A lone closing brace used to make biber drop the whole bibliography.
          title: 'Second hostile work } with a lone brace',
          authors: ['Roe, Jim'],
          published_year: 2021,
          container_title: '{Unbalanced',
          volume: `1}${input}{`,
          hyperlink: `https://example.org/a}\n\\end{filecontents*}\n${input}`,
        }),
        makeWork({
          refId: 'ref_hostile3',
          id: '10.1234/h3',
          type: 'book',
          title: `Third hostile work \\end{filecontents*} ${input}`,
          authors: ['Poe, Ann'],
          published_year: 2022,
          publisher: `^^5cinput{${secretPath}} # & % $ ~ _`,
          abstract: `An abstract that ends the entry. } ${input}`,
        }),
      ],
      shows: ['First hostile work', 'Second hostile work', 'Third hostile work'],
    },
    {
      name: 'text, links, code and comments that close their environments',
      markdown: [
        `## Text ${input}`,
        `A [link](https://example.org/}${input}) and text ${input} with ^^5c.`,
        `\`\`\`\n\\end{verbatim}\n${input}\n\`\`\``,
        `\`\`\`mermaid\ngraph TD\n\\end{verbatim}\n${input}\n\`\`\``,
        `| head ${input} |\n| --- |\n| cell } & ${input} |`,
        'Text after everything.',
      ].join('\n\n'),
      works: [],
      shows: ['Text after everything.'],
    },
  ];
}

function hostileWordPapers(): HostilePaper[] {
  const nested = (marker: string, depth: number) =>
    Array.from(
      { length: depth },
      (_, level) => `${'   '.repeat(level)}${marker} level ${level + 1}`,
    );
  return [
    {
      name: 'equations whose text closes the Office Math markup',
      markdown: [
        '## Markup',
        // The probe's case.
        '$$\\text{</m:t></m:r><m:r><m:t>INJ-OK}$$',
        'Inline $$x \\text{<} y \\text{&} z \\text{"\'>]]>} w$$ and $$\\text{<w:p>}$$ end.',
        '$$\\text{&amp; &lt;m:r&gt;} \\overset{<}{x} \\langle a \\rangle$$',
        'Text after the equations.',
      ].join('\n\n'),
      works: [],
      shows: ['Text after the equations.'],
      wordXml: {
        never: ['<m:t>INJ-OK', '<m:t xml:space="preserve">INJ-OK'],
        shows: ['&lt;/m:t&gt;&lt;/m:r&gt;&lt;m:r&gt;&lt;m:t&gt;INJ-OK', '&lt;w:p&gt;'],
      },
    },
    {
      name: 'lists nested deeper than Word numbers',
      markdown: [
        '## Deep lists',
        nested('-', 12).join('\n'),
        nested('1.', 12).join('\n'),
        'Text after the lists.',
      ].join('\n\n'),
      works: [],
      shows: ['level 12', 'Text after the lists.'],
    },
  ];
}
