// The admin screens' failure texts: the server's own Spanish refusal when it explains the
// problem (a rule, a conflict, a missing record), otherwise the spec's generic message.
import { getErrorCode, getErrorMessage } from '../../../../lib/errors';

const EXPLAINED = new Set(['BAD_REQUEST', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN']);

export function failureMessage(error: unknown, fallback: string): string {
  const code = getErrorCode(error);
  return code && EXPLAINED.has(code) ? getErrorMessage(error, fallback) : fallback;
}
