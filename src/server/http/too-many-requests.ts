import { HttpError } from './http-error';

/** 'Please try again in 42 seconds.' below two minutes, whole minutes (rounded up) above. */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds < 120
      ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
      : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many requests. Please try again in ${wait}.`;
}

/** A 429 whose message says how long to wait; the caller sets the Retry-After header. */
export function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, tooManyRequestsMessage(retryAfterSeconds));
}
