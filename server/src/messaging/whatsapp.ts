// The WhatsApp Business Cloud API: plain HTTPS with a bearer token. A message to a customer
// who has not written to us in the last 24 hours must be an approved template (see
// whatsapp-templates.ts), sent as POST <api>/<phone number id>/messages.
export type WhatsappSettings = {
  token: string;
  phoneNumberId: string;
  /** e.g. https://graph.facebook.com/v21.0 (a fake server in tests). */
  apiUrl: string;
  /** Abandon a request after this long; the outbox retries it later. */
  timeoutMs?: number;
};

export type WhatsappTemplateMessage = {
  /** The outbox row's id: sent as biz_opaque_callback_data, so the status webhooks and the provider's logs name it. */
  id: string;
  /** E.164, e.g. +584141234567. */
  to: string;
  template: string;
  language: string;
  params: string[];
};

export class WhatsappError extends Error {
  constructor(
    message: string,
    /** HTTP status, or null when no answer came (timeout, connection refused). */
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'WhatsappError';
  }

  /** A request the API refused as malformed (unknown template, invalid number): retrying will not help. */
  get permanent() {
    return this.status === 400;
  }
}

/** Sends one template message; returns WhatsApp's message id (wamid…). */
export function sendWhatsappTemplate(settings: WhatsappSettings, m: WhatsappTemplateMessage) {
  return postMessage(settings, {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.to.replace(/^\+/, ''),
    type: 'template',
    biz_opaque_callback_data: m.id,
    template: {
      name: m.template,
      language: { code: m.language },
      components: m.params.length
        ? [{ type: 'body', parameters: m.params.map((text) => ({ type: 'text', text })) }]
        : [],
    },
  });
}

/**
 * Sends one free-form message (text or interactive buttons): only accepted within 24 hours of
 * the customer's last message (docs/product/whatsapp-desk.md#the-24-hour-window).
 */
export function sendWhatsappFreeForm(settings: WhatsappSettings, m: { id: string; to: string; payload: object }) {
  return postMessage(settings, {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.to.replace(/^\+/, ''),
    biz_opaque_callback_data: m.id,
    ...m.payload,
  });
}

async function postMessage(settings: WhatsappSettings, body: object): Promise<{ providerId?: string }> {
  let response: Response;
  try {
    response = await fetch(
      `${settings.apiUrl.replace(/\/$/, '')}/${encodeURIComponent(settings.phoneNumberId)}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      },
    );
  } catch (err) {
    throw new WhatsappError(`Sin respuesta de WhatsApp: ${err instanceof Error ? err.message : String(err)}`, null);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    let detail = text.slice(0, 300);
    try {
      const parsed = JSON.parse(text) as { error?: { message?: string; code?: number } };
      if (parsed.error?.message) detail = `${parsed.error.code ?? ''} ${parsed.error.message}`.trim();
    } catch {
      // Not JSON (a proxy's error page): keep the start of the text.
    }
    throw new WhatsappError(`WhatsApp respondió ${response.status}: ${detail}`, response.status);
  }
  try {
    const parsed = JSON.parse(text) as { messages?: { id?: string }[] };
    return { providerId: parsed.messages?.[0]?.id };
  } catch {
    return {};
  }
}
