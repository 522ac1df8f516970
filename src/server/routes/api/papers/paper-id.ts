import { notFound } from '../../../http/http-error';
import { isUuid } from '../files/schema';

/**
 * The paper id of a route's parameters; a malformed one answers 404, exactly like a missing
 * paper. A plain pattern test: every paper request passes here, reads included.
 */
export function paperId(params: unknown): string {
  const id = (params as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !isUuid(id)) throw notFound('Paper');
  return id;
}
