// The customer's in-app notification, and the e-mail and WhatsApp message that go with it where
// the customer wants them (Configuración, per kind of event). Call with the transaction that
// makes the change: the notification and the outbox rows exist exactly when the change does.
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PUSH_DEFAULT_LINK, type NotificationKind, type NotificationType } from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import { userProfiles, users } from '../db/schema';
import { knownSilenced, notificationsOn } from '../lib/notifications-off';
import { escapeHtml, layout, type EmailMessage } from '../mail/templates';
import { getUnsubscribeSecret, unsubscribeToken, unsubscribeUrl } from '../messaging/unsubscribe';
import { renderTemplate, templateParam, WHATSAPP_TEMPLATES } from '../messaging/whatsapp-templates';

export type NotificationInput = {
  title: string;
  message: string;
  type: NotificationType;
  /** Where in the app it leads, e.g. '/dashboard/mis-trackings'. */
  link?: string | null;
};

export type WhatsappMessage = { template: string; params: string[] };

/**
 * 'account' is for messages about the account itself (created, activated): not a kind the
 * customer turns off, so only the old all-e-mails switch applies, and never by WhatsApp.
 */
export type NotifyKind = NotificationKind | 'account';

export type NotifyOptions = {
  /** The kind of event, whose channels the customer chooses in Configuración. */
  kind: NotifyKind;
  /** The app's public URL, for the links in the e-mail and the WhatsApp message. */
  appUrl?: string;
  /** 'default' repeats the notification; unset or false: no e-mail. */
  email?: EmailMessage | 'default' | false;
  /**
   * 'default' repeats the notification with the kind's template; unset: 'default' when an
   * e-mail is asked for, none otherwise; false: none.
   */
  whatsapp?: WhatsappMessage | 'default' | false;
  /**
   * A push to the customer's browsers (docs/decisions/037-web-push.md) repeating the notification;
   * unset: when an e-mail or a WhatsApp message is asked for (what is worth reaching the person
   * outside the app), as their preference for the kind allows.
   */
  push?: boolean;
  /**
   * For a message that must reach the customer at most once (a shipment's news, a storage
   * reminder): when the customer already has a notification with this key nothing is written.
   */
  dedupeKey?: string;
};

/**
 * Notifies one customer. Returns the notification's id, or null when `dedupeKey` was already
 * used for this customer, or when the transaction silenced its notifications (lib/notifications-off.ts);
 * then nothing else is sent either.
 */
export async function notifyUser(
  tx: DbOrTx,
  userId: string,
  n: NotificationInput,
  options: NotifyOptions,
): Promise<string | null> {
  const [row] = await notifyAll(tx, [userId], n, options);
  return row?.id ?? null;
}

/**
 * A change to one of the customer's shipments (`link`: where it shows), on the channels they chose
 * for status changes, the e-mail repeating the notification.
 */
export function notifyAboutShipment(
  tx: DbOrTx,
  userId: string,
  n: { title: string; message: string; link: string },
  appUrl: string | undefined,
): Promise<string | null> {
  return notifyUser(tx, userId, { ...n, type: 'shipment' }, { kind: 'status_changed', email: 'default', appUrl });
}

/**
 * The same notification to many customers (a departure's milestone tells 5,000 at once), in one
 * set-based statement: the notifications (a customer who already has `dedupeKey` is skipped),
 * and for the customers actually notified, as their preferences allow, the e-mails and WhatsApp
 * messages. Returns how many were notified.
 */
export async function notifyMany(
  tx: DbOrTx,
  userIds: string[],
  n: NotificationInput,
  options: NotifyOptions,
): Promise<number> {
  return (await notifyAll(tx, [...new Set(userIds)], n, options)).length;
}

/**
 * Different notifications to many customers in the same statements (an import tells each
 * customer about their own parcels): one per item, e-mail and WhatsApp as each customer's
 * preferences allow. Returns how many customers were notified.
 */
export async function notifyEach(
  tx: DbOrTx,
  /** `dedupeKey`: as NotifyOptions' one, for this item alone. */
  items: { userId: string; n: NotificationInput; dedupeKey?: string }[],
  options: Omit<NotifyOptions, 'email' | 'whatsapp' | 'dedupeKey'> & {
    email?: 'default' | false;
    whatsapp?: 'default' | false;
  },
): Promise<number> {
  return (await notifyRecipients(tx, items, options)).length;
}

/**
 * A Postgres array literal of texts (`{"a","b"}`), passed as one parameter and cast in SQL
 * (`::uuid[]`, `::text[]`): a list of any length is one value, not one parameter per element.
 */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/**
 * One statement for the same notification to many customers. The message is rendered once; each
 * e-mail differs only in its unsubscribe link, which the database puts in place of a marker from
 * arrays of the customers' links, so the statement carries the text once and the links as two
 * arrays whatever the number of customers.
 */
async function notifyAll(tx: DbOrTx, userIds: string[], n: NotificationInput, options: NotifyOptions) {
  if (userIds.length === 0 || knownSilenced(tx)) return [];
  const kind = options.kind;
  const none = sql`select null::uuid as user_id where false`;

  // The e-mail, once, with a marker where each customer's unsubscribe link goes.
  let email = none;
  let urls: string[] = [];
  let urlsHtml: string[] = [];
  if (options.email) {
    const message = options.email === 'default' ? notificationEmail(n, options.appUrl) : options.email;
    let { html, text } = message;
    const marker = `@@${randomUUID()}@@`;
    if (kind !== 'account') {
      ({ html, text } = withUnsubscribeFooter(message, marker));
      const secret = await getUnsubscribeSecret(tx);
      urls = userIds.map((userId) => unsubscribeUrl(options.appUrl ?? '', unsubscribeToken(secret, userId, kind)));
      urlsHtml = urls.map(escapeHtml);
    }
    // No preference row: e-mails on, unless the customer turned every e-mail off before
    // preferences per kind existed (user_profiles.email_notifications).
    email = sql`insert into email_outbox ("to", subject, html, text, template)
      select array[u.email], ${message.subject}, replace(${html}, ${marker}, coalesce(r.url_html, '')),
             replace(${text}, ${marker}, coalesce(r.url, '')), ${message.template}
      from n join r on r.user_id = n.user_id
      join users u on u.id = n.user_id
      left join user_profiles p on p.user_id = u.id
      left join notification_preferences np on np.user_id = u.id and np.kind = ${kind}
      where coalesce(np.email, p.email_notifications, true)
      returning null::uuid as user_id`;
  }

  let whatsapp = none;
  const wanted = kind === 'account' ? false : (options.whatsapp ?? (options.email ? 'default' : false));
  if (wanted && kind !== 'account') {
    const wa = wanted === 'default' ? notificationWhatsapp(n, kind, options.appUrl) : wanted;
    const params = wa.params.map(templateParam);
    // Only to a verified number, and on unless the customer turned it off for this kind.
    whatsapp = sql`insert into whatsapp_outbox (user_id, to_phone, template, language, params, body)
      select w.user_id, w.phone, ${wa.template}, 'es', ${JSON.stringify(params)}::jsonb, ${renderTemplate(wa.template, params)}
      from n join whatsapp_numbers w on w.user_id = n.user_id
      left join notification_preferences np on np.user_id = w.user_id and np.kind = ${kind}
      where coalesce(np.whatsapp, true)
      returning null::uuid as user_id`;
  }

  const push = pushWanted(options) ? pushInsert(sql`n`, kind, sql`${n.title}`, sql`${n.message}`, n.link) : none;

  const rows = rowsOf<{ id: string; user_id: string }>(
    await tx.execute(sql`
      with r as (
        select * from unnest(${pgTextArray(userIds)}::uuid[], ${pgTextArray(urls)}::text[], ${pgTextArray(urlsHtml)}::text[])
          as r(user_id, url, url_html)
        where r.user_id is not null
      ), n as (
        insert into notifications (user_id, title, message, type, link, dedupe_key)
        select r.user_id, ${n.title}, ${n.message}, ${n.type}::notification_type, ${n.link ?? null}, ${options.dedupeKey ?? null}
        from r
        where ${notificationsOn}
        on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing
        returning id, user_id
      ), e as (${email}), w as (${whatsapp}), p as (${push})
      select id, user_id from n`),
  );
  return rows.map((r) => ({ id: r.id, userId: r.user_id }));
}

async function notifyRecipients(
  tx: DbOrTx,
  items: { userId: string; n: NotificationInput; dedupeKey?: string }[],
  options: NotifyOptions,
) {
  if (items.length === 0 || knownSilenced(tx)) return [];
  const rows = items.map(({ userId, n, dedupeKey }) => ({
    user_id: userId,
    title: n.title,
    message: n.message,
    type: n.type,
    link: n.link ?? null,
    dedupe_key: dedupeKey ?? options.dedupeKey ?? null,
  }));
  const inserted = rowsOf<{ id: string; user_id: string; dedupe_key: string | null }>(
    await tx.execute(sql`
      insert into notifications (user_id, title, message, type, link, dedupe_key)
      select r.user_id, r.title, r.message, r.type::notification_type, r.link, r.dedupe_key
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as r(user_id uuid, title text, message text, type text, link text, dedupe_key text)
      where ${notificationsOn}
      on conflict (user_id, dedupe_key) where dedupe_key is not null do nothing
      returning id, user_id, dedupe_key`),
  );
  if (inserted.length === 0) return [];
  const itemKey = (userId: string, dedupeKey: string | null) => `${userId} ${dedupeKey ?? ''}`;
  const noteOf = new Map(rows.map((r, i) => [itemKey(r.user_id, r.dedupe_key), items[i]!.n]));
  const notified = inserted.map((r) => ({ userId: r.user_id, n: noteOf.get(itemKey(r.user_id, r.dedupe_key))! }));
  const kind = options.kind;

  if (options.email) {
    const secret = kind === 'account' ? '' : await getUnsubscribeSecret(tx);
    const mails = notified.map(({ userId, n }) => {
      const message =
        options.email === 'default' || !options.email ? notificationEmail(n, options.appUrl) : options.email;
      const { html, text } =
        kind === 'account'
          ? message
          : withUnsubscribeFooter(
              message,
              unsubscribeUrl(options.appUrl ?? '', unsubscribeToken(secret, userId, kind)),
            );
      return { user_id: userId, subject: message.subject, html, text, template: message.template };
    });
    // No preference row: e-mails on, unless the customer turned every e-mail off before
    // preferences per kind existed (user_profiles.email_notifications).
    await tx.execute(sql`
      insert into email_outbox ("to", subject, html, text, template)
      select array[u.email], r.subject, r.html, r.text, r.template
      from json_to_recordset(${JSON.stringify(mails)}::json) as r(user_id uuid, subject text, html text, text text, template text)
      join users u on u.id = r.user_id
      left join user_profiles p on p.user_id = u.id
      left join notification_preferences np on np.user_id = u.id and np.kind = ${kind}
      where coalesce(np.email, p.email_notifications, true)`);
  }

  const whatsapp = kind === 'account' ? false : (options.whatsapp ?? (options.email ? 'default' : false));
  if (whatsapp && kind !== 'account') {
    const messages = notified.map(({ userId, n }) => {
      const wa = whatsapp === 'default' ? notificationWhatsapp(n, kind, options.appUrl) : whatsapp;
      const params = wa.params.map(templateParam);
      return { user_id: userId, template: wa.template, params, body: renderTemplate(wa.template, params) };
    });
    // Only to a verified number, and on unless the customer turned it off for this kind.
    await tx.execute(sql`
      insert into whatsapp_outbox (user_id, to_phone, template, language, params, body)
      select w.user_id, w.phone, r.template, 'es', r.params, r.body
      from json_to_recordset(${JSON.stringify(messages)}::json) as r(user_id uuid, template text, params jsonb, body text)
      join whatsapp_numbers w on w.user_id = r.user_id
      left join notification_preferences np on np.user_id = w.user_id and np.kind = ${kind}
      where coalesce(np.whatsapp, true)`);
  }
  if (pushWanted(options)) {
    const pushes = notified.map(({ userId, n }) => ({
      user_id: userId,
      title: n.title,
      body: n.message,
      link: n.link,
    }));
    await tx.execute(sql`
      with n as (select * from json_to_recordset(${JSON.stringify(pushes)}::json) as r(user_id uuid, title text, body text, link text))
      ${pushInsert(sql`n`, kind, sql`n.title`, sql`n.body`, null, sql`n.link`)}`);
  }
  return inserted.map((r) => ({ id: r.id, userId: r.user_id }));
}

function pushWanted(options: NotifyOptions): boolean {
  return options.kind !== 'account' && (options.push ?? Boolean(options.email || options.whatsapp));
}

/**
 * The pushes for the notified customers (`from`: a relation with `user_id`), one per browser of
 * theirs, on unless they turned push off for this kind.
 */
function pushInsert(
  from: SQL,
  kind: NotifyKind,
  title: SQL,
  body: SQL,
  link: string | null | undefined,
  linkColumn?: SQL,
) {
  const target = linkColumn ? sql`coalesce(${linkColumn}, ${PUSH_DEFAULT_LINK})` : sql`${link ?? PUSH_DEFAULT_LINK}`;
  return sql`insert into push_outbox (user_id, subscription_id, title, body, link)
      select s.user_id, s.id, ${title}, ${body}, ${target}
      from ${from} n join push_subscriptions s on s.user_id = n.user_id
      left join notification_preferences np on np.user_id = s.user_id and np.kind = ${kind}
      where coalesce(np.push, true)
      returning null::uuid as user_id`;
}

/** A plain e-mail that repeats the notification, with a button to where it leads. */
export function notificationEmail(n: NotificationInput, appUrl?: string): EmailMessage {
  const { html, text } = layout({
    title: n.title,
    paragraphs: [n.message],
    action: n.link && appUrl ? { label: 'Ver en mi cuenta', url: `${appUrl}${n.link}` } : undefined,
  });
  return { template: `notification-${n.type}`, subject: n.title, html, text };
}

/** The kind's WhatsApp template with the notification's title, message and link. */
export function notificationWhatsapp(n: NotificationInput, kind: NotificationKind, appUrl?: string): WhatsappMessage {
  const url = `${appUrl ?? ''}${n.link ?? '/dashboard'}`;
  return { template: WHATSAPP_TEMPLATES[kind].name, params: [n.title, n.message, url] };
}

const FOOTER_TEXT = '¿No quieres recibir estos correos? Desactívalos con un clic:';

/** The footer with the link that turns this kind of e-mail off, before the end of the body. */
function withUnsubscribeFooter(message: EmailMessage, url: string): { html: string; text: string } {
  const footer = `<p style="font-size:12px;color:#777;text-align:center">${FOOTER_TEXT} <a href="${escapeHtml(url)}" style="color:#777">desactivar estos avisos por correo</a>. También puedes elegir tus canales en Configuración.</p>`;
  const html = message.html.includes('</body>')
    ? message.html.replace('</body>', `${footer}</body>`)
    : message.html + footer;
  const text = `${message.text}\n\n${FOOTER_TEXT} ${url}`;
  return { html, text };
}

/** How the admins' e-mails name a customer: their name (their e-mail without one) and e-mail. */
export async function customerForAdmins(tx: DbOrTx, userId: string): Promise<{ customer: string; email: string }> {
  const [row] = await tx
    .select({ email: users.email, fullName: userProfiles.fullName })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return { customer: row.fullName ?? row.email, email: row.email };
}
