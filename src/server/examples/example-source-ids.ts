/** The OpenAlex ids (bundled corpus) of the works the example papers cite. */
export const EXAMPLE_SOURCE_IDS = [
  // Literature review: sleep, stress and depression.
  'W2080949236',
  'W2108595350',
  'W2085053663',
  'W2612093963',
  // Scientific paper: species under a warming climate.
  'W2134163247',
  'W3141968000',
  'W3173658426',
  // Essay: interpretable machine learning.
  'W3138819813',
  'W3087736720',
  'W2995375411',
  // Assignment: retrieval practice and study strategies.
  'W2090089663',
  'W2509003089',
  'W2100442069',
  'W3043797036',
];
