// SPF, DKIM and DMARC of an inbound message with mailauth (docs/product/prealerts-from-email.md#recepción).
// The message is authentic when the domain of its From passes DMARC, or, for a domain without a
// DMARC record, when SPF or DKIM passes for that same domain (aligned). A forward is judged by
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
    const aligned = Boolean(result.dmarc && (result.dmarc.alignment.dkim.result || result.dmarc.alignment.spf.result));
    const pass = dmarc === 'pass' || (dmarc === 'none' && aligned);
    return { spf, dkim, dmarc, aligned, pass };
  } catch {
    // A message mailauth cannot read is not authenticated.
    return { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror', aligned: false, pass: false };
  }
}
