// Where the app's toasts appear. Mantine's container (a portal and a transition group per corner
// of the screen) is mounted once the page has loaded and gone idle, or at once when a toast is
// shown before that: every page's first render is lighter on a phone's CPU (docs/decisions/014-prerendered-and-compressed.md), and no
// toast is lost (it waits in Mantine's store until the container mounts).
import { Notifications, useNotifications } from '@mantine/notifications';
import { useLoadedAndIdle } from '../../lib/idle';

export function Toasts() {
  const { notifications } = useNotifications();
  const idle = useLoadedAndIdle();
  if (!idle && notifications.length === 0) return null;
  return <Notifications position="top-right" />;
}
