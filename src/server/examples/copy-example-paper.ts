import type { Db } from '../db/database';
import { upsertWorks } from '../literature/store/work-store';
import { insertPaper } from '../papers/paper-store';
import type { ExamplePaper } from './example-papers';

/**
 * Copies an example into the user's papers. Its cited works are real corpus works: they join the
 * shared library (as the corpus load would store them), so the copy's citations, saves and
 * reference lists behave like any paper's. A work the library holds under another refId (a hash
 * collision resolved differently) is cited under the library's id.
 */
export async function copyExamplePaper(db: Db, ownerId: string, example: ExamplePaper) {
  const stored = await upsertWorks(db, example.citations, 'corpus');
  let content = example.content;
  example.citations.forEach((work, index) => {
    const refId = stored[index]?.refId;
    if (refId && refId !== work.refId) content = content.replaceAll(work.refId, refId);
  });
  return insertPaper(db, ownerId, {
    title: example.title,
    type: example.type,
    description: example.description,
    content,
    citations: stored,
  });
}
