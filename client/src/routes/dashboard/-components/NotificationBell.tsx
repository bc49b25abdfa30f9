import { ActionIcon, type ActionIconProps, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';
import { trpc } from '../../../lib/trpc';

type ActionIconAnchorProps = ActionIconProps & Omit<ComponentPropsWithRef<'a'>, keyof ActionIconProps>;
function ActionIconAnchor(props: ActionIconAnchorProps) {
  return <ActionIcon component="a" {...props} />;
}
const ActionIconLink = createLink(ActionIconAnchor);

/** How often the bell asks for new notifications while the page is open. */
const BELL_REFRESH_MS = 60_000;

/** The header bell: the unread notifications count, leading to Notificaciones. */
export function NotificationBell() {
  const unread = useQuery({ ...trpc.notifications.unreadCount.queryOptions(), refetchInterval: BELL_REFRESH_MS });
  const count = unread.data?.count ?? 0;
  const label = unread.data
    ? count === 0
      ? 'Notificaciones: ninguna sin leer'
      : `Notificaciones: ${count} sin leer`
    : 'Notificaciones';
  // The browser's own hint (`title`) rather than a Mantine Tooltip: the bell is in the first
  // render of every customer page, where a tooltip cost ~25 ms of a phone's CPU (docs/decisions/014-prerendered-and-compressed.md).
  return (
    <Indicator label={count > 99 ? '99+' : count} size={18} color="red" disabled={count === 0} offset={4}>
      <ActionIconLink
        to="/dashboard/notificaciones"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        title={label}
      >
        <IconBell size={22} />
      </ActionIconLink>
    </Indicator>
  );
}
