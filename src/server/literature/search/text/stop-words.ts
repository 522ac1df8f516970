/**
 * English function words that carry no topical signal in abstracts. Kept deliberately close to
 * the classic IR lists: negations and quantities ("not", "more", "between") are dropped too,
 * because BM25 cannot use them in a bag of words and they only cost postings.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before ' +
    'being below between both but by can could did do does doing down during each either few ' +
    'for from further had has have having he her here hers herself him himself his how i if in ' +
    'into is it its itself just may me might more most must my myself no nor not now of off on ' +
    'once only or other our ours ourselves out over own same she should so some such than that ' +
    'the their theirs them themselves then there these they this those through thus to too ' +
    'under until up upon us very via was we were what when where whether which while who whom ' +
    'whose why will with within without would yet you your yours yourself yourselves'
  ).split(' '),
);
