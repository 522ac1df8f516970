/** Topics of the structure benchmarks, chosen to have literature in the bundled corpus. */
export const BENCH_TOPICS = [
  {
    title: 'Neural networks for image classification',
    description: 'How convolutional neural networks classify images and how well they generalize',
    methodology: 'Experimental Research',
    field: 'Computer Science',
  },
  {
    title: 'Breast cancer screening and survival',
    description: 'Whether mammography screening programmes improve breast cancer survival',
    methodology: 'Literature Review',
    field: 'Medicine',
  },
  {
    title: 'Sleep deprivation and memory',
    description: 'How losing sleep affects learning and memory consolidation',
    methodology: 'Experimental Research',
    field: 'Psychology',
  },
  {
    title: 'Quantum error correction',
    description: 'Codes that protect quantum information against decoherence',
    methodology: 'Mathematical Paper',
    field: 'Physics',
  },
  {
    title: 'Depression in adolescents',
    description: 'Risk factors and treatment of depression among adolescents',
    methodology: 'Survey Research',
    field: 'Psychology',
  },
];
