// The top of every admin screen: its heading (the page's one h1), a line saying what the
// screen is for, and the screen's actions on the right.
import type { ComponentType, ReactNode } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { Permission } from '@casillero/shared';
import { useCan } from '../../lib/permissions';
import { IconPlus, type Icon } from '@tabler/icons-react';
import { formatCount, formatCountOf, type CountNoun } from '@casillero/shared';

type PageHeaderProps = {
  title: ReactNode;
  subtitle: ReactNode;
  /** Beside the title (the total of the screen's records). */
  badge?: ReactNode;
  /** On the right (the screen's create button); given, even when empty, the header is a row. */
  actions?: ReactNode;
};

export function PageHeader({ title, subtitle, badge, actions }: PageHeaderProps) {
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  const intro = (
    <div>
      {badge ? (
        <Group gap="sm">
          {heading}
          {badge}
        </Group>
      ) : (
        heading
      )}
      <Text c="dimmed">{subtitle}</Text>
    </div>
  );
  if (actions === undefined) return intro;
  return (
    <Group justify="space-between" align="flex-start">
      {intro}
      {actions}
    </Group>
  );
}

type TotalBadgeProps = {
  /** The screen's count query, unfiltered (`trpc.shipments.count.queryOptions({})`): its `total`. */
  // biome-ignore lint/suspicious/noExplicitAny: a query of any tRPC procedure: its error and key types differ by procedure
  query: UseQueryOptions<any, any, { total: number }, any>;
  noun: CountNoun;
};

/** The total of a screen's records beside its title, once known: '1.234', read as '1234 envíos'. */
export function TotalBadge({ query, noun }: TotalBadgeProps) {
  const total = useQuery(query).data?.total;
  if (total === undefined) return null;
  return (
    <Badge size="lg" variant="light" aria-label={formatCountOf(total, noun)}>
      {formatCount(total)}
    </Badge>
  );
}

/** A header's main action ('Crear Envío'), with a plus unless another icon says it better. */
export function HeaderButton({
  label,
  onClick,
  icon: IconC = IconPlus,
}: {
  label: string;
  onClick: () => void;
  icon?: Icon;
}) {
  return (
    <Button leftSection={<IconC size={16} />} onClick={onClick}>
      {label}
    </Button>
  );
}

type CreateActionProps = {
  /** Who may create: other roles see no button. */
  permission: Permission;
  label: string;
  /** The dialog the button opens (`formDialog(...)`). */
  dialog: ComponentType<{ opened: boolean; onClose: () => void }>;
};

/** A screen's create button ('Crear Envío') for a role that may write, with the dialog it opens. */
export function CreateAction({ permission, label, dialog: Dialog }: CreateActionProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const canCreate = useCan(permission);
  if (!canCreate) return null;
  return (
    <>
      <HeaderButton label={label} onClick={open} />
      <Dialog opened={opened} onClose={close} />
    </>
  );
}

/** An admin screen: its header, then its content (the list, the cards...). */
export function AdminPage({ children, ...header }: PageHeaderProps & { children: ReactNode }) {
  return (
    <Stack gap="lg">
      <PageHeader {...header} />
      {children}
    </Stack>
  );
}
