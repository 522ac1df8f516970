import { evidenceIds, type FakeAnswer } from './fake-openai-server';

interface ProposedHeading {
  level: number;
  title: string;
  purpose: string;
  works: string[];
}

/**
 * A cooperative model's structure proposal (the wizard's step 3) in the provider's
 * structured-output protocol: an IMRaD outline on the open access citation advantage whose
 * headings name the first works listed as evidence, then the Discussion when asked for.
 */
export function fakeStructureAnswer(prompt: string, withDiscussion = false): FakeAnswer {
  const [first, second, third] = evidenceIds(prompt);
  const works = (...ids: (string | undefined)[]) => ids.filter((id) => id !== undefined);
  const sections: ProposedHeading[] = [
    {
      level: 2,
      title: 'Introduction',
      purpose: 'Motivates the question of the open access citation advantage.',
      works: works(first, second),
    },
    {
      level: 3,
      title: 'Related Work',
      purpose: 'Reviews earlier measurements of the advantage.',
      works: works(second, third),
    },
    {
      level: 2,
      title: 'Methods',
      purpose: 'Describes how citation counts of open and closed articles are compared.',
      works: works(first),
    },
    {
      level: 2,
      title: 'Results',
      purpose: 'Reports the measured difference in citations.',
      works: works(third),
    },
  ];
  if (withDiscussion) {
    sections.push({
      level: 2,
      title: 'Discussion',
      purpose: 'Weighs the size of the advantage and whether it lasts.',
      works: works(second),
    });
  }
  return { kind: 'json', value: { sections } };
}
