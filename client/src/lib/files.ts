// Uploads to the file store (POST /api/files) and the same checks the server makes, for
// instant feedback: the content is recognised by its first bytes, at most 5 MB.
import {
  FILE_MESSAGES,
  GENERIC_MESSAGES,
  AUTH_MESSAGES,
  fileProblem,
  type StoredFileKind,
  type UploadedFile,
} from '@casillero/shared';

/** The Spanish reason a chosen file cannot be uploaded as this kind, or null when it can. */
export async function checkFile(file: File, kind: StoredFileKind): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return fileProblem(kind, head, file.size);
}

export class UploadError extends Error {}

/**
 * Uploads one file for the signed-in user (or, for an admin, for the customer `ownerUserId`)
 * and answers its id; throws UploadError with the server's text.
 */
export async function uploadFile(file: File, kind: StoredFileKind, ownerUserId?: string): Promise<UploadedFile> {
  const body = new FormData();
  body.append('kind', kind);
  if (ownerUserId) body.append('ownerUserId', ownerUserId);
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/files', { method: 'POST', body, credentials: 'include' });
  } catch {
    throw new UploadError(AUTH_MESSAGES.connectionError);
  }
  const answer = (await response.json().catch(() => null)) as (UploadedFile & { error?: string }) | null;
  if (!response.ok || !answer?.id) {
    throw new UploadError(
      answer?.error ?? (response.status >= 500 ? GENERIC_MESSAGES.internal : FILE_MESSAGES.uploadFailed),
    );
  }
  return answer;
}
