// How the plain Fastify routes (http/, files/) answer an error (docs/decisions/022):
// a domain error with the HTTP status of its code and its Spanish message, `{ error }` as every
// refusal of theirs; anything else with the Spanish message for its status (a body too large,
// an unsupported content type, malformed JSON), or as unexpected: logged, and shown as its own
// message (never its stack) only outside production, as it may name files or SQL. A database
// that cannot be reached is a domain error of its own (SERVICE_UNAVAILABLE, lib/database-errors.ts).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { httpStatusMessage } from '@casillero/shared';
import type { Config } from '../env';
import { asDomainError } from '../lib/database-errors';
import type { DomainError, DomainErrorCode } from '../lib/domain-error';

export const HTTP_STATUS: Readonly<Record<DomainErrorCode, number>> = {
  BAD_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** The answer to a refusal of a plain route: its status and `{ error }` in Spanish. */
export function sendError(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send({ error: message });
}

/** The server's error handler (server.ts): every error a plain route throws ends here. */
export function httpErrorHandler(config: Pick<Config, 'isProduction'>) {
  return (error: FastifyError | DomainError, req: FastifyRequest, reply: FastifyReply) => {
    const domain = asDomainError(error);
    if (domain) {
      if (domain.retryAfter !== undefined) reply.header('retry-after', String(Math.ceil(domain.retryAfter)));
      if (domain.code === 'SERVICE_UNAVAILABLE') req.log.warn({ err: error }, 'Servicio no disponible');
      return sendError(reply, HTTP_STATUS[domain.code], domain.message);
    }
    // Not a domain error: Fastify's own (its status) or unexpected.
    const { statusCode } = error as FastifyError;
    const status = statusCode && statusCode >= 400 && statusCode < 600 ? statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'Error no controlado');
    return sendError(reply, status, status >= 500 && !config.isProduction ? error.message : httpStatusMessage(status));
  };
}
