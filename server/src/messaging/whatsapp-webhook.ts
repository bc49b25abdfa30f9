// Reading the WhatsApp Business Cloud API's webhook (docs/product/whatsapp-desk.md#the-webhook):
// its signature, X-Hub-Signature-256 = "sha256=" + HMAC-SHA256 of the body's bytes with the
// app's secret, and the messages in it (entry[].changes[].value.messages[]). Delivery and read
// receipts (value.statuses[]) come on the same webhook and are not messages: they are skipped.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsappInboundKind } from '../db/schema';

/** Whether the header is the body's signature with this secret (constant-time compare). */
export function whatsappSignatureValid(appSecret: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header || !header.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(rawBody).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length).toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** One message a person wrote, as the desk needs it. */
export type InboundWhatsappMessage = {
  /** WhatsApp's id for it (wamid.…). */
  id: string;
  /** The sender's number in E.164 (WhatsApp sends its digits without the +). */
  from: string;
  /** The name in the sender's WhatsApp profile, when the webhook gives it. */
  profileName: string | null;
  sentAt: Date;
  kind: WhatsappInboundKind;
  /** 'reaction' and the like, for kind 'other'. */
  rawType: string;
  text: string | null;
  replyId: string | null;
  media: { id: string; mimeType?: string; filename?: string } | null;
};

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** The messages in a webhook body; null when the body is not a WhatsApp notification at all. */
export function readWhatsappWebhook(rawBody: string): InboundWhatsappMessage[] | null {
  let body: Json | null;
  try {
    body = obj(JSON.parse(rawBody));
  } catch {
    return null;
  }
  if (!body || body.object !== 'whatsapp_business_account' || !Array.isArray(body.entry)) return null;
  const out: InboundWhatsappMessage[] = [];
  for (const entry of arr(body.entry)) {
    for (const change of arr(obj(entry)?.changes)) {
      const value = obj(obj(change)?.value);
      if (!value) continue;
      const names = new Map<string, string>();
      for (const contact of arr(value.contacts)) {
        const c = obj(contact);
        const waId = str(c?.wa_id);
        const name = str(obj(c?.profile)?.name);
        if (waId && name) names.set(waId, name);
      }
      for (const m of arr(value.messages)) {
        const message = readMessage(obj(m), names);
        if (message) out.push(message);
      }
    }
  }
  return out;
}

function readMessage(m: Json | null, names: Map<string, string>): InboundWhatsappMessage | null {
  const id = str(m?.id);
  const fromDigits = str(m?.from);
  const seconds = Number(str(m?.timestamp));
  if (!m || !id || !fromDigits || !/^[1-9]\d{6,14}$/.test(fromDigits) || !Number.isFinite(seconds)) return null;
  const rawType = str(m.type) ?? 'unknown';
  const base = {
    id,
    from: `+${fromDigits}`,
    profileName: names.get(fromDigits) ?? null,
    sentAt: new Date(seconds * 1000),
    rawType,
    text: null,
    replyId: null,
    media: null,
  };
  switch (rawType) {
    case 'text':
      return { ...base, kind: 'text', text: str(obj(m.text)?.body) };
    case 'interactive': {
      const interactive = obj(m.interactive);
      // A tapped reply button (button_reply) or a row of a list message (list_reply).
      const reply = obj(interactive?.button_reply) ?? obj(interactive?.list_reply);
      return { ...base, kind: 'interactive', text: str(reply?.title), replyId: str(reply?.id) };
    }
    case 'button': {
      // A quick-reply button of a template message.
      const button = obj(m.button);
      return { ...base, kind: 'button', text: str(button?.text), replyId: str(button?.payload) };
    }
    case 'image':
    case 'document': {
      const file = obj(m[rawType]);
      const mediaId = str(file?.id);
      const mimeType = str(file?.mime_type) ?? undefined;
      const filename = str(file?.filename) ?? undefined;
      return {
        ...base,
        kind: rawType,
        text: str(file?.caption),
        media: mediaId ? { id: mediaId, mimeType, filename } : null,
      };
    }
    default:
      return { ...base, kind: 'other' };
  }
}
