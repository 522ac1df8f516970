/**
 * Said for every sign-up that fails after its input was accepted. A duplicate e-mail address
 * is the usual cause, and naming it would tell anyone which addresses have accounts.
 */
export const SIGN_UP_FAILED =
  'We could not create an account with these details. If you already have an account, please sign in instead.';

const SIGN_UP_FAILURE_CODES = new Set([
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'FAILED_TO_CREATE_USER',
]);

/** better-auth answers `{message, code}`; every Scriptor route answers `{error}`. */
export function authErrorBody(body: unknown, status: number): { error: string; code?: string } {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  if (code && SIGN_UP_FAILURE_CODES.has(code))
    return { error: SIGN_UP_FAILED, code: 'SIGN_UP_FAILED' };
  const message =
    typeof fields.message === 'string' && fields.message
      ? fields.message
      : status === 404
        ? 'Not found'
        : `Request failed with status ${status}`;
  return code ? { error: message, code } : { error: message };
}

/** A better-auth error response rewritten to the API's error shape, headers kept. */
export async function toApiErrorResponse(response: Response): Promise<Response> {
  if (response.ok || response.status < 400) return response;
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  const body: unknown = isJson ? await response.json().catch(() => null) : null;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(authErrorBody(body, response.status)), {
    status: response.status,
    headers,
  });
}
