// Reading an inbound message safely (docs/product/prealerts-from-email.md#recepción): a maintained
// MIME parser with depth and header limits, loops recognised, HTML only ever read as text, and
// attachments kept by size, type and count (an iPhone's HEIC made a JPEG). Nothing here follows a
// link or renders anything.
import PostalMime, { type Email } from 'postal-mime';
import { INBOUND_MAIL_LIMITS as L, INBOUND_MAIL_LOCAL_PART } from '@casillero/shared';
import { HeifNotConverted, heifToJpeg, isHeif } from '../../files/heic';
import type { AttachmentForExtraction } from './extraction';

export class MailRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export type ParsedInbound = {
  email: Email;
  messageId: string | null;
  headerFrom: string | null;
  subject: string;
  text: string;
  html: string | null;
  attachments: AttachmentForExtraction[];
  /** Why attachments were dropped (logged with the message). */
  dropped: string[];
};

/** Parses the bytes; malformed or hostile MIME (too deep, headers too large) is refused. */
export async function parseInbound(raw: Uint8Array): Promise<ParsedInbound> {
  if (raw.byteLength > L.maxMessageBytes) throw new MailRefused('too_large');
  let email: Email;
  try {
    email = await PostalMime.parse(raw, {
      maxNestingDepth: L.maxNestingDepth,
      maxHeadersSize: L.maxHeadersBytes,
      attachmentEncoding: 'arraybuffer',
    });
  } catch (err) {
    throw new MailRefused(`malformed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 200));
  }
  if (email.headers.length === 0 || !email.from) throw new MailRefused('malformed: no headers');
  const headerFrom = email.from.address ? email.from.address.toLowerCase() : null;
  const html = email.html ?? null;
  const text = email.text?.trim() ? email.text : html ? htmlToText(html) : '';
  const { kept, dropped } = await keepAttachments(email.attachments);
  return {
    email,
    messageId: email.messageId?.trim().slice(0, 998) || null,
    headerFrom,
    subject: (email.subject ?? '').slice(0, 998),
    text,
    html,
    attachments: kept,
    dropped,
  };
}

/** The HTML's text, for reading only: tags removed, entities of the usual kind decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|tr|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ');
}

const ALLOWED = new Set<string>(L.attachmentTypes);
const HEIF_TYPES = new Set(['image/heic', 'image/heif']);

/**
 * PDFs and photos only, each under the size limit, at most `maxAttachments`; a PDF must look like
 * one. An iPhone's HEIC photo (declared image/heic or image/heif, or a `.heic`/`.heif` file sent as
 * application/octet-stream, and a HEIF by its bytes) is kept as a JPEG named `….jpg`.
 */
async function keepAttachments(attachments: Email['attachments']) {
  const kept: AttachmentForExtraction[] = [];
  const dropped: string[] = [];
  for (const a of attachments) {
    let type = a.mimeType.toLowerCase();
    let content =
      typeof a.content === 'string' ? new TextEncoder().encode(a.content) : new Uint8Array(a.content as ArrayBuffer);
    let name = (a.filename ?? 'adjunto').slice(0, 255);
    const heif = HEIF_TYPES.has(type) || (type === 'application/octet-stream' && /\.hei[cf]$/i.test(name));
    if (!ALLOWED.has(type) && !heif) dropped.push(`${name}: tipo ${type}`);
    else if (content.byteLength > L.maxAttachmentBytes) dropped.push(`${name}: demasiado grande`);
    else if (kept.length >= L.maxAttachments) dropped.push(`${name}: demasiados adjuntos`);
    else if (type === 'application/pdf' && !looksLikePdf(content)) dropped.push(`${name}: no es un PDF`);
    else if (heif && !isHeif(content)) dropped.push(`${name}: no es una foto HEIC`);
    else {
      if (heif) {
        try {
          content = new Uint8Array(await heifToJpeg(content));
        } catch (err) {
          if (!(err instanceof HeifNotConverted)) throw err;
          dropped.push(`${name}: ${err.code === 'too-many-pixels' ? 'demasiados píxeles' : 'foto HEIC ilegible'}`);
          continue;
        }
        type = 'image/jpeg';
        name = `${name.replace(/\.hei[cf]$/i, '').slice(0, 251)}.jpg`;
      }
      kept.push({ filename: name, contentType: type, content });
    }
  }
  return { kept, dropped };
}

const looksLikePdf = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46;

const header = (email: Email, key: string) => email.headers.find((h) => h.key === key)?.value.trim() ?? null;

/**
 * An automatic message: a bounce (empty envelope sender, mailer-daemon, a delivery report), an
 * auto-reply (Auto-Submitted, vacation, Precedence bulk/junk/list) or our own reply coming back
 * (our X-Loop, `loopMark(domain)`). These are dropped silently: answering them is how mail loops start.
 */
export function automaticReason(email: Email, envelopeFrom: string | null, domain: string | null): string | null {
  if (envelopeFrom !== null && envelopeFrom.trim() === '') return 'bounce: empty envelope sender';
  const from = (email.from?.address ?? '').toLowerCase();
  if (/^(mailer-daemon|postmaster|no-?reply|bounces?)@/.test(from)) return `bounce: ${from.split('@')[0]}`;
  const mark = loopMark(domain);
  if (email.headers.some((h) => h.key === 'x-loop' && h.value.trim().toLowerCase().includes(mark)))
    return 'loop: our own reply';
  const auto = header(email, 'auto-submitted');
  if (auto && auto.toLowerCase() !== 'no') return `auto-submitted: ${auto}`;
  const precedence = header(email, 'precedence')?.toLowerCase();
  if (precedence && ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence)) return `precedence: ${precedence}`;
  if (header(email, 'x-autoreply') || header(email, 'x-autorespond')) return 'auto-reply';
  const type = header(email, 'content-type')?.toLowerCase() ?? '';
  if (type.startsWith('multipart/report')) return 'bounce: delivery report';
  return null;
}

/**
 * The X-Loop value our automatic replies carry, prealertas@<INBOUND_MAIL_DOMAIN>, so one that
 * comes back to an inbound address is recognised (without the setting, as in tests: @localhost).
 */
export const loopMark = (domain: string | null) => `${INBOUND_MAIL_LOCAL_PART}@${domain ?? 'localhost'}`;

/**
 * The headers of an automatic reply (RFC 3834): mail servers and auto-responders do not answer
 * it, and our own inbound addresses drop it if it comes back.
 */
export const autoReplyHeaders = (domain: string | null): Record<string, string> => ({
  'Auto-Submitted': 'auto-replied',
  Precedence: 'auto_reply',
  'X-Loop': loopMark(domain),
});

/**
 * The store's address in a forwarded message's quoted header ("From: Amazon <envios@amazon.com>"
 * after a "Forwarded message" line, or the first quoted From), else the message's own From.
 */
export function originalSender(text: string, fallback: string | null): string | null {
  const m = /^(?:>\s*)?(?:From|De):\s*(.+)$/im.exec(text);
  return m ? m[1].trim().slice(0, 320) : fallback;
}
