import type { Work } from '../../../shared/citations/work';
import { bookChapter, journalArticle, makeWork } from '../../citations/test-fixtures';
import type { ExportSource } from '../export-paper';

/** A one-pixel red PNG, embedded as pasted images are. */
export const PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

export const lecun: Work = makeWork({
  refId: 'ref_lecun015',
  id: '10.1038/nature14539',
  doi: '10.1038/nature14539',
  type: 'journal-article',
  title: 'Deep learning',
  authors: ['LeCun, Yann', 'Bengio, Yoshua', 'Hinton, Geoffrey'],
  published_year: 2015,
  container_title: 'Nature',
  volume: '521',
  issue: '7553',
  page: '436-444',
  abstract:
    '<jats:p>Deep learning allows computational models that are composed of multiple processing layers to learn representations of data with multiple levels of abstraction. These methods have dramatically improved the state-of-the-art in speech recognition, visual object recognition, object detection and many other domains such as drug discovery and genomics. Deep learning discovers intricate structure in large data sets by using the backpropagation algorithm.</jats:p>',
});

/** Cited works of the fixture: the refIds the markdown below uses. */
export const FIXTURE_WORKS: Work[] = [lecun, journalArticle, bookChapter];

/**
 * A paper holding every construct of the document format, plus the faults an export must
 * survive: a broken equation, a broken diagram, a remote image and an unknown citation.
 */
/** The fixture's markdown citing the three works by the refIds they have where it is used. */
export function fixtureMarkdown([first, second, third]: readonly Work[] = FIXTURE_WORKS): string {
  return `# Learning Representations

Deep networks learn layered features [${first?.refId}; ${second?.refId}]. This is **bold**, *italic*, ~~struck~~ and \`code\` with a [link](https://example.org).

## Introduction

Stories shape emotion [${second?.refId}], as [the chapter][[Check this claim]] argues [${third?.refId}].

### Background

- First point
- Second point with $$E = mc^2$$ inline

1. Numbered one
2. Numbered two

## Methods

| Model | Layers | Error |
| --- | ---: | :---: |
| CNN | 8 | $$0.15$$ |
| ResNet | 152 | $$0.036$$ |

$$
\\int_0^1 x^2 \\, dx = \\frac{1}{3}
$$

$$\\frac{1}{$$

\`\`\`mermaid
graph TD
  A[Data] --> B[Model]
  B --> C[Prediction]
\`\`\`

\`\`\`mermaid
this is not a diagram %%%
\`\`\`

![A red pixel](${PIXEL_PNG}){width=40 height=40}

![Remote](https://images.example.org/figure.png)

\`\`\`python
print("hello")
\`\`\`

> A quotation.

## Discussion

An unknown work is cited here [ref_zzzz9999].`;
}

export function fixtureSource(overrides: Partial<ExportSource> = {}): ExportSource {
  return {
    title: 'Learning Representations',
    content: fixtureMarkdown(),
    citations: FIXTURE_WORKS,
    citationStyle: 'apa',
    includeAbstracts: false,
    ...overrides,
  };
}
