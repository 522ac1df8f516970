import { notFound, parseWith } from '../../../http/http-error';
import { paperParams } from './schema';

/** Parses the id and answers 404 for a malformed one, exactly like a missing paper. */
export function paperId(params: unknown): string {
  try {
    return parseWith(paperParams, params).id;
  } catch {
    throw notFound('Paper');
  }
}
