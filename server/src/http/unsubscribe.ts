// The link in every notification e-mail that turns that kind of e-mail off, without signing in:
//   GET  /preferencias/desactivar?t=…  a Spanish page that asks to confirm (mail scanners open
//                                      links on their own; a GET alone changes nothing)
//   POST /preferencias/desactivar?t=…  turns it off: the page's button, and the one-click
//                                      List-Unsubscribe-Post of mail clients (RFC 8058)
import type { FastifyInstance } from 'fastify';
import {
  MESSAGING_MESSAGES as M,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { escapeHtml } from '../mail/templates';
import { disableEmailByToken } from '../services/notification-preferences';
import { getUnsubscribeSecret, UNSUBSCRIBE_PATH, verifyUnsubscribeToken } from '../messaging/unsubscribe';

function page(title: string, body: string, status = 200) {
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Casillero Virtual</title></head><body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#222"><h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}<p style="margin-top:32px"><a href="/dashboard/configuracion">Ir a Configuración</a></p></body></html>`;
  return { status, html };
}

export function registerUnsubscribeRoutes(app: FastifyInstance, options: { db: Db; config: Config }) {
  const { db } = options;
  return app.register(async (scope) => {
    // The one-click POST of mail clients is a form body; its content does not matter.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );

    scope.get<{ Querystring: { t?: string } }>(UNSUBSCRIBE_PATH, async (req, reply) => {
      const target = verifyUnsubscribeToken(await getUnsubscribeSecret(db), req.query.t);
      const { status, html } = target
        ? page(
            M.unsubscribeConfirmTitle,
            `<p>${escapeHtml(M.unsubscribeConfirm(NOTIFICATION_KIND_LABELS[target.kind]))}</p><form method="post" action="${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(req.query.t!)}"><button type="submit" style="font-size:16px;padding:10px 18px">${escapeHtml(M.unsubscribeButton)}</button></form>`,
          )
        : page(M.unsubscribeTitle, `<p>${escapeHtml(M.unsubscribeInvalid)}</p>`, 400);
      return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    });

    scope.post<{ Querystring: { t?: string } }>(UNSUBSCRIBE_PATH, async (req, reply) => {
      const kind = await disableEmailByToken(db, req.query.t);
      const { status, html } =
        kind && (NOTIFICATION_KINDS as readonly string[]).includes(kind)
          ? page(
              M.unsubscribeTitle,
              `<p>${escapeHtml(M.unsubscribeDone(NOTIFICATION_KIND_LABELS[kind as NotificationKind]))}</p>`,
            )
          : page(M.unsubscribeTitle, `<p>${escapeHtml(M.unsubscribeInvalid)}</p>`, 400);
      return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    });
  });
}
