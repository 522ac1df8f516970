import { OutboundHttp } from '../net/outbound/outbound-http';

/** The outbound helper as a server configured with these addresses (the tests' fakes) has it. */
export function outboundTrusting(...urls: string[]): OutboundHttp {
  return new OutboundHttp({ trustedOrigins: urls });
}
