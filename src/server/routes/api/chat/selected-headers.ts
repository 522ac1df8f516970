import type { FastifyRequest } from 'fastify';
import { isContentLanguage, type ContentLanguage } from '../../../../shared/ai/languages';
import { HttpError } from '../../../http/http-error';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || undefined;
}

/** The chat's optional x-selected-model and x-selected-language headers (002 §7). */
export function selectedHeaders(request: FastifyRequest): {
  model: string | undefined;
  language: ContentLanguage | undefined;
} {
  const language = header(request, 'x-selected-language');
  if (language !== undefined && !isContentLanguage(language)) {
    throw new HttpError(400, `Unknown language: ${language}`);
  }
  const model = header(request, 'x-selected-model');
  if (model !== undefined && model.length > 300) throw new HttpError(400, 'Unknown model');
  return { model, language };
}
