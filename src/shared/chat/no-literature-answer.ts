import type { ContentLanguage } from '../ai/languages';

/**
 * The answer when the search found nothing relevant (docs/chat.md), in the language the answer
 * was asked in: no model is called for it, so it cannot be written in that language by one.
 * 'Limit Sources' is the English interface's button and stays as it reads there.
 */
const NO_RELEVANT_LITERATURE: Record<ContentLanguage, string> = {
  en: 'The literature search found no work relevant to this question, so I cannot answer it from the literature (and I do not answer from memory). Try rephrasing the question with more specific terms, or widen the search filters (Limit Sources).',
  es: 'La búsqueda bibliográfica no encontró ningún trabajo relevante para esta pregunta, así que no puedo responderla a partir de la literatura (y no respondo de memoria). Pruebe a reformular la pregunta con términos más específicos o amplíe los filtros de búsqueda (Limit Sources).',
  fr: 'La recherche bibliographique n’a trouvé aucun travail pertinent pour cette question ; je ne peux donc pas y répondre à partir de la littérature (et je ne réponds pas de mémoire). Essayez de reformuler la question avec des termes plus précis, ou élargissez les filtres de recherche (Limit Sources).',
  de: 'Die Literatursuche hat keine für diese Frage relevante Arbeit gefunden, daher kann ich sie nicht anhand der Literatur beantworten (und ich antworte nicht aus dem Gedächtnis). Formulieren Sie die Frage mit spezifischeren Begriffen um oder erweitern Sie die Suchfilter (Limit Sources).',
  it: 'La ricerca bibliografica non ha trovato alcun lavoro pertinente a questa domanda, quindi non posso rispondere sulla base della letteratura (e non rispondo a memoria). Provi a riformulare la domanda con termini più specifici o ad ampliare i filtri di ricerca (Limit Sources).',
  pt: 'A pesquisa bibliográfica não encontrou nenhum trabalho relevante para esta pergunta, por isso não posso respondê-la com base na literatura (e não respondo de memória). Tente reformular a pergunta com termos mais específicos ou alargue os filtros de pesquisa (Limit Sources).',
  nl: 'De literatuurzoektocht vond geen werk dat relevant is voor deze vraag, dus ik kan haar niet op basis van de literatuur beantwoorden (en ik antwoord niet uit het geheugen). Probeer de vraag met specifiekere termen te herformuleren, of verruim de zoekfilters (Limit Sources).',
  ru: 'Поиск по литературе не нашёл ни одной работы, относящейся к этому вопросу, поэтому я не могу ответить на него на основе литературы (а по памяти я не отвечаю). Попробуйте переформулировать вопрос более конкретными терминами или расширьте фильтры поиска (Limit Sources).',
  zh: '文献检索没有找到与此问题相关的文献，因此我无法根据文献回答（我也不会凭记忆回答）。请尝试用更具体的术语重新表述问题，或放宽搜索筛选条件（Limit Sources）。',
  ja: '文献検索では、この質問に関連する研究が見つかりませんでした。そのため、文献に基づいて回答することはできません（記憶に基づいて回答することもしません）。より具体的な用語で質問を言い換えるか、検索フィルター（Limit Sources）を広げてください。',
  ko: '문헌 검색에서 이 질문과 관련된 연구를 찾지 못했으므로 문헌에 근거하여 답변할 수 없습니다(기억에 의존해 답변하지도 않습니다). 더 구체적인 용어로 질문을 바꾸어 보거나 검색 필터(Limit Sources)를 넓혀 보세요.',
  ar: 'لم يعثر البحث في الأدبيات على أي عمل ذي صلة بهذا السؤال، لذلك لا يمكنني الإجابة عنه استنادًا إلى الأدبيات (ولا أجيب من الذاكرة). حاول إعادة صياغة السؤال بمصطلحات أكثر تحديدًا، أو وسّع مرشحات البحث (Limit Sources).',
};

export function noRelevantLiteratureAnswer(language: ContentLanguage): string {
  return NO_RELEVANT_LITERATURE[language];
}
