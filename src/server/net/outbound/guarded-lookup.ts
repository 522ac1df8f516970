import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { classifyAddress } from './address-class';
import { OutboundError } from './outbound-error';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets that may only reach public addresses. The socket connects to the
 * address this function checked, not to a second resolution of the name, so a DNS answer that
 * changes between check and connection (rebinding) cannot lead it inside. A name with any
 * non-public address is refused outright rather than filtered, so no answer order or retry
 * can reach the private one.
 */
export function guardedLookup(
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => classifyAddress(entry.address) !== 'public');
    if (refused !== undefined || addresses.length === 0) {
      const reason = refused ? `${refused.address} (${classifyAddress(refused.address)})` : 'none';
      return callback(refusedHost(hostname, reason), []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    callback(null, first.address, first.family);
  });
}

export function refusedHost(host: string, reason: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new OutboundError(
    'refused-address',
    `${host} is not a public address: ${reason}`,
  );
  error.code = 'EREFUSEDADDRESS';
  return error;
}
