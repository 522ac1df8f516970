/** The research chat's texts (002 §4, §5, §8, §9). */
export const CHAT_TEXT = {
  processing: 'Processing your request...',
  processingNote:
    'Analyzing thousands of papers to answer your question. This may take a few minutes.',
  processingNoteWeb:
    'Analyzing thousands of papers and websites to answer your question. This may take a few minutes.',
  sendFailed: 'Sorry, there was an error processing your question.',
  jobFailed: (error: string | null) =>
    error ? `Sorry, there was an error: ${error}` : 'Sorry, there was an error: Unknown error',
  insufficient: 'Insufficient balance - Top up to continue',
  deleteConfirm: 'Delete this conversation?',
  noConversations: 'No conversations yet',
  noConversationsFound: 'No conversations found',
  pdfFailed: 'Failed to export conversation to PDF. Please try again.',
  welcome:
    'Ask a research question. The assistant searches the scientific literature (only abstracts) and answers citing the articles it found; click a citation to read its abstract and how well it supports the sentence. Citations may be tenuous and the AI may make mistakes, so check what matters.',
} as const;

/** The four sample questions of an empty chat (002 §2). */
export const SAMPLE_QUESTIONS = [
  'Are articles that are freely available online cited more often?',
  'What does research say about snoring and obstructive sleep apnea?',
  'Which methods are used to analyse citation networks?',
  'How does sleep affect memory consolidation?',
] as const;

export const CHAT_POLL_MS = 5000;
export const CHAT_SEARCH_DEBOUNCE_MS = 300;
export const CHAT_INPUT_MAX_HEIGHT = 120;
export const COPIED_MS = 2000;
