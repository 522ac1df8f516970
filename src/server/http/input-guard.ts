import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

/**
 * Deeper than any request Scriptor's clients send (a citation with its authors is about five
 * levels), shallow enough that no parser, validator or JSON column recurses dangerously.
 */
export const MAX_INPUT_DEPTH = 64;

export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const TOO_DEEP_MESSAGE = `The request is nested too deeply (${MAX_INPUT_DEPTH} levels at most)`;

/**
 * Finds what no route can store: a NUL character in any string or key (PostgreSQL refuses
 * it in text and jsonb alike) or nesting beyond MAX_INPUT_DEPTH. Returns the problem as a
 * 400 message in the `field: message` form parseWith uses, or null.
 */
export function findInputProblem(value: unknown): string | null {
  return walk(value, [], 0);
}

function walk(value: unknown, path: (string | number)[], depth: number): string | null {
  if (typeof value === 'string') return value.includes('\0') ? at(path, NUL_MESSAGE) : null;
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return null;
  if (depth >= MAX_INPUT_DEPTH) return TOO_DEEP_MESSAGE;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && key.includes('\0')) return at(path, NUL_MESSAGE);
    const problem = walk(item, [...path, key], depth + 1);
    if (problem) return problem;
  }
  return null;
}

function at(path: (string | number)[], message: string): string {
  return path.length > 0 ? `${path.join('.')}: ${message}` : message;
}

/**
 * A preValidation hook for the whole API: every route's body, query and parameters pass this
 * check before the route's own zod schema sees them, so no route has to remember it.
 */
export async function guardInput(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const problem = findInputProblem(part);
    if (problem) throw new HttpError(400, problem);
  }
}
