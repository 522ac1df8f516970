import { OutboundError } from './outbound-error';

/**
 * How many lookups on other servers one API request may make. A route creates one per request
 * and hands it to every lookup it starts, so a batch (200 DOIs, a reference list) costs at most
 * `limit` lookups whatever it holds; each lookup follows at most MAX_REDIRECTS redirects.
 */
export class OutboundBudget {
  #used = 0;

  constructor(readonly limit: number) {}

  /** Counts one lookup, or throws 'limit-reached' when the request has had its share. */
  spend(): void {
    if (this.#used >= this.limit) {
      throw new OutboundError(
        'limit-reached',
        `only ${this.limit} lookups on other servers are made per request`,
      );
    }
    this.#used += 1;
  }

  get exhausted(): boolean {
    return this.#used >= this.limit;
  }
}
