// The built-in SMTP listener for a business that receives its own mail (INBOUND_SMTP_PORT): it
// accepts mail for prealertas+<token>@<domain> only, refuses a message over 25 MB while it
// streams in, authenticates it (SPF with the connecting address) and hands it to the pipeline.
// A message the pipeline refuses is still accepted at the SMTP level and logged: answering it
// with an error would make the sending server bounce it to a possibly forged address.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { INBOUND_MAIL_LIMITS as L } from '@casillero/shared';
import { tokenOfRecipient } from './address';
import { authenticateMail } from './authenticate';
import { receiveInboundMail, type InboundDeps } from './pipeline';

export type SmtpListener = { port: number; close: () => Promise<void> };

function smtpError(message: string, responseCode: number) {
  return Object.assign(new Error(message), { responseCode });
}

export async function startSmtpListener(
  deps: InboundDeps & { resolver?: (name: string, type: string) => Promise<unknown> },
  options: { port: number; host: string },
): Promise<SmtpListener> {
  const server = new SMTPServer({
    name: deps.domain ?? 'prealertas',
    banner: 'Prealertas',
    size: L.maxMessageBytes,
    authOptional: true,
    disabledCommands: ['AUTH'],
    // 20 connections of at most 25 MB each: the memory the listener may hold is bounded.
    maxClients: 20,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!tokenOfRecipient(address.address, deps.domain)) {
        return callback(smtpError('Destinatario desconocido', 550));
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Past the limit nothing more is kept: the message is refused when the stream ends.
        if (size <= L.maxMessageBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded || size > L.maxMessageBytes) {
          deps.log?.warn({ size }, 'Correo de prealerta rechazado: más de 25 MB');
          return callback(smtpError('El mensaje supera el tamaño máximo', 552));
        }
        const raw = Buffer.concat(chunks);
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const envelope = {
          mailFrom,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          clientIp: session.remoteAddress,
          helo: session.hostNameAppearsAs,
        };
        authenticateMail(raw, envelope, { resolver: deps.resolver, mta: deps.domain ?? undefined })
          .then((auth) => receiveInboundMail(deps, { raw, envelope, auth, via: 'smtp' }))
          .then(
            () => callback(),
            () => callback(),
          );
      });
    },
  });
  server.on('error', (err) => deps.log?.warn({ err: err.message }, 'Error del receptor SMTP'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
