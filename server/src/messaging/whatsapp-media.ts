// A file a customer sent to the WhatsApp desk (a payment receipt's photo), downloaded from the
// Cloud API: GET <api>/<media id> gives its URL, type and size, then GET that URL with the same
// token gives the bytes. Refused before reading when it says it is larger than `maxBytes`, and cut
// off when it turns out to be; a time limit on each request.
import { WhatsappError, type WhatsappSettings } from './whatsapp';

export class WhatsappMediaTooLarge extends Error {}

export async function downloadWhatsappMedia(
  settings: WhatsappSettings,
  mediaId: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; mimeType: string | null }> {
  const timeout = settings.timeoutMs ?? 15_000;
  const auth = { authorization: `Bearer ${settings.token}` };
  let info: { url?: string; mime_type?: string; file_size?: number };
  try {
    const response = await fetch(`${settings.apiUrl.replace(/\/$/, '')}/${encodeURIComponent(mediaId)}`, {
      headers: auth,
      signal: AbortSignal.timeout(timeout),
    });
    if (!response.ok)
      throw new WhatsappError(`WhatsApp respondió ${response.status} al pedir el archivo`, response.status);
    info = (await response.json()) as typeof info;
  } catch (err) {
    if (err instanceof WhatsappError) throw err;
    throw new WhatsappError(`Sin respuesta de WhatsApp: ${err instanceof Error ? err.message : String(err)}`, null);
  }
  if (!info.url) throw new WhatsappError('WhatsApp no dio la dirección del archivo', null);
  if (typeof info.file_size === 'number' && info.file_size > maxBytes) throw new WhatsappMediaTooLarge();

  let response: Response;
  try {
    response = await fetch(info.url, { headers: auth, redirect: 'follow', signal: AbortSignal.timeout(timeout) });
  } catch (err) {
    throw new WhatsappError(`Sin respuesta de WhatsApp: ${err instanceof Error ? err.message : String(err)}`, null);
  }
  if (!response.ok || !response.body) {
    throw new WhatsappError(`WhatsApp respondió ${response.status} al descargar el archivo`, response.status);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new WhatsappMediaTooLarge();
    }
    chunks.push(Buffer.from(read.value));
  }
  return { bytes: Buffer.concat(chunks), mimeType: info.mime_type ?? null };
}
