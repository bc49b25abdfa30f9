// The service worker's web push (docs/decisions/037-web-push.md): a push from the server shows as
// the system's notification with the notice's title and text; a tap opens the screen it is
// about, in the app's window when one is open. The payload is what server/src/messaging/push.ts
// sends (shared/src/messaging/push.ts PushPayload). scripts/build-service-worker.mjs writes this
// file into sw-push-<hash>.js, which sw.js imports.
(() => {
  const ICON = '/icons/icon-192.png';

  self.addEventListener('push', (event) => {
    let notice = null;
    try {
      notice = event.data ? event.data.json() : null;
    } catch {
      notice = null;
    }
    if (!notice || typeof notice.title !== 'string') return;
    event.waitUntil(
      self.registration.showNotification(notice.title, {
        body: typeof notice.body === 'string' ? notice.body : '',
        icon: ICON,
        badge: ICON,
        tag: typeof notice.tag === 'string' ? notice.tag : undefined,
        lang: 'es-VE',
        data: { url: typeof notice.url === 'string' ? notice.url : '/dashboard/notificaciones' },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    // Only the app's own pages: a payload cannot send the person elsewhere.
    const target = new URL(event.notification.data?.url ?? '/dashboard/notificaciones', self.location.origin);
    const url =
      target.origin === self.location.origin
        ? target.href
        : new URL('/dashboard/notificaciones', self.location.origin).href;
    event.waitUntil(
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
        if (open) return open.focus().then((w) => (w ?? open).navigate(url));
        return self.clients.openWindow(url);
      }),
    );
  });
})();
