// SPF, DKIM and DMARC of an inbound message with mailauth (docs/product/prealerts-from-email.md#recepción).
// The message is authentic when the domain of its From passes DMARC, or, for a domain without a
// DMARC record, when SPF (for its MAIL FROM) or a DKIM signature (d=) passes for that very domain. A forward is judged by
// the forwarder's own authentication: its From is the customer's address, signed by their provider.
import { authenticate, type DNSResolver } from 'mailauth';

export type MailEnvelope = {
  /** MAIL FROM ('' for a bounce); null when unknown (a provider's webhook). */
  mailFrom: string | null;
  rcptTo: string[];
  clientIp: string | null;
  helo: string | null;
};

export type MailAuth = { spf: string; dkim: string; dmarc: string; aligned: boolean; pass: boolean };

export async function authenticateMail(
  raw: Buffer,
  envelope: MailEnvelope,
  options: { resolver?: (name: string, type: string) => Promise<unknown>; mta?: string } = {},
): Promise<MailAuth> {
  try {
    const result = await authenticate(raw, {
      ...(envelope.clientIp ? { ip: envelope.clientIp } : {}),
      ...(envelope.helo ? { helo: envelope.helo } : {}),
      ...(envelope.mailFrom ? { sender: envelope.mailFrom } : {}),
      // A provider's webhook has no SMTP session: its own Received header names the client.
      trustReceived: !envelope.clientIp,
      mta: options.mta ?? 'prealertas',
      disableBimi: true,
      disableArc: true,
      ...(options.resolver ? { resolver: options.resolver as DNSResolver } : {}),
    });
    const dkim = result.dkim.results.find((r) => r.status.result === 'pass')
      ? 'pass'
      : (result.dkim.results[0]?.status.result ?? 'none');
    const spf = result.spf ? result.spf.status.result : 'none';
    const dmarc = result.dmarc ? result.dmarc.status.result : 'none';
    const alignment = result.dmarc ? result.dmarc.alignment : undefined;
    // Without a DMARC record mailauth gives no alignment: SPF or DKIM must pass for the From's own domain.
    const aligned = alignment
      ? Boolean(alignment.dkim.result || alignment.spf.result)
      : passesFor(
          authorDomain(result.dkim.headerFrom),
          spf,
          result.spf ? result.spf.domain : null,
          result.dkim.results,
        );
    const pass = dmarc === 'pass' || (dmarc === 'none' && aligned);
    return { spf, dkim, dmarc, aligned, pass };
  } catch {
    // A message mailauth cannot read is not authenticated.
    return { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror', aligned: false, pass: false };
  }
}

/** The From's one domain (lower case), or null when it has none or several. */
function authorDomain(headerFrom: string[]): string | null {
  const domains = new Set(headerFrom.map((a) => a.slice(a.lastIndexOf('@') + 1).toLowerCase()).filter(Boolean));
  return domains.size === 1 ? [...domains][0] : null;
}

/** SPF passed for the domain itself (its MAIL FROM's), or a DKIM signature of the domain itself passed. */
function passesFor(
  domain: string | null,
  spf: string,
  spfDomain: string | null | undefined,
  dkim: { signingDomain?: string; status: { result: string } }[],
): boolean {
  if (!domain) return false;
  if (spf === 'pass' && spfDomain?.toLowerCase() === domain) return true;
  return dkim.some((r) => r.status.result === 'pass' && r.signingDomain?.toLowerCase() === domain);
}
