/** Why the outbound helper did not hand back an answer. */
export type OutboundFailure =
  | 'refused-address'
  | 'refused-url'
  | 'too-many-redirects'
  | 'too-large'
  | 'unexpected-content-type'
  | 'timeout'
  | 'aborted'
  | 'unreachable'
  | 'limit-reached';

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}
