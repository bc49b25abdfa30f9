// The screen of dated versions (the price list's, docs/product/price-lists.md; the travel rules',
// docs/product/travel-rules.md): the version in effect, the scheduled ones (cancellable until they
// start), the form of a new one, and the history. A kind of version says its words, its table and
// when a version starts; the screen is the same for both.
import { Badge, Button, Card, Loader, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { caracasDay, nextDay } from '@casillero/shared';
import {
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { notifyChange } from '../../../../lib/notify';
import { ScheduledVersions } from './ScheduledVersions';
import { VersionSection } from './VersionSection';
import { VersionHistory } from './VersionHistory';
import { HeadingWithHint } from '../../../../components/layout/HeadingWithHint';

type Version = {
  id: string;
  number: number;
  cancelledAt: unknown;
  createdByEmail: string | null;
  createdAt: string;
};

/** What differs between the kinds of versions: their words, their table and when a version starts. */
export type VersionKind<V extends Version> = {
  /** The sections' heading ids. */
  ids: { current: string; scheduled: string; history: string; form: string };
  messages: {
    current: string;
    scheduled: string;
    noScheduled: string;
    history: string;
    version: (n: number) => string;
    createdBy: string;
    cancelled: string;
    cancel: string;
    newVersion: string;
    newVersionHint: string;
    save: string;
  };
  /** The cancel dialog's title and question. */
  cancelTitle: string;
  confirmText: (v: V) => ReactNode;
  /** When a version starts: the column's header, the moment in words, the current version's badge. */
  effective: { header: string; of: (v: V) => string; badge: (v: V) => string };
  /** Not yet in effect (at `now`). */
  isScheduled: (v: V, now: Date) => boolean;
  /** The version in effect at `now`. */
  inEffect: (versions: V[], now: Date) => V | undefined | null;
  /** The contents of one version. */
  table: (v: V, caption: string) => ReactNode;
};

// biome-ignore lint/suspicious/noExplicitAny: a mutation of any tRPC procedure: its error and context types differ by procedure
type Change<I, O extends { message: string }> = UseMutationOptions<O, any, I, any>;

export function VersionsScreen<V extends Version, O extends { message: string }>({
  kind,
  query,
  versionsKey,
  cancel: cancelOptions,
  form,
  children,
}: {
  kind: VersionKind<V>;
  query: UseQueryResult<{ versions: V[] }, unknown>;
  /** The versions query's key, marked stale after a change. */
  versionsKey: QueryKey;
  cancel: Change<{ id: string }, O>;
  /** The form of a new version, prefilled from the version in effect. */
  form: (current: V) => ReactNode;
  /** More, once loaded, between the form and the history. */
  children?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const cancel = useMutation(cancelOptions);
  const M = kind.messages;
  const now = new Date();
  const versions = query.data?.versions ?? [];
  const current = kind.inEffect(versions, now);
  // Not yet in effect and not cancelled: they may still be cancelled.
  const scheduled = versions.filter((v) => !v.cancelledAt && kind.isScheduled(v, now));
  return (
    <>
      {!query.data && <Loader role="status" aria-label="Cargando" />}
      {current && (
        <VersionSection
          headingId={kind.ids.current}
          title={`${M.current}: ${M.version(current.number)}`}
          aside={
            <Badge color="green" variant="light">
              {kind.effective.badge(current)}
            </Badge>
          }
        >
          {kind.table(current, M.current)}
        </VersionSection>
      )}
      {query.data && (
        <ScheduledVersions
          versions={scheduled}
          headingId={kind.ids.scheduled}
          title={M.scheduled}
          empty={M.noScheduled}
          cancelLabel={M.cancel}
          cancelTitle={kind.cancelTitle}
          heading={(v) => `${M.version(v.number)} · ${kind.effective.header} ${kind.effective.of(v)}`}
          body={(v) => kind.table(v, M.version(v.number))}
          confirmText={kind.confirmText}
          cancel={(id) => cancel.mutateAsync({ id })}
          cancelling={cancel.isPending}
          onCancelled={() => queryClient.invalidateQueries({ queryKey: versionsKey })}
        />
      )}
      {current && form(current)}
      {query.data && children}
      {query.data && (
        <VersionHistory
          versions={versions}
          currentId={current?.id ?? null}
          headingId={kind.ids.history}
          title={M.history}
          effectiveHeader={kind.effective.header}
          effectiveOf={kind.effective.of}
          isScheduled={(v) => kind.isScheduled(v, now)}
          cancelledLabel={M.cancelled}
          createdByHeader={M.createdBy}
        />
      )}
    </>
  );
}

/** Saves a change to the versions (a new one, a setting): the toast with the server's answer, then the versions reloaded. True when saved. */
export function useVersionsChange<I, O extends { message: string }>(options: Change<I, O>, versionsKey: QueryKey) {
  const queryClient = useQueryClient();
  const create = useMutation(options);
  const save = async (input: I) => {
    const done = await notifyChange(
      () => create.mutateAsync(input),
      (r) => ({ message: r.message }),
    );
    if (done) await queryClient.invalidateQueries({ queryKey: versionsKey });
    return done;
  };
  return { save, saving: create.isPending };
}

/** The frame of a new version's form: its title, hint and save button around the kind's fields. */
export function NewVersionCard<V extends Version>({
  kind,
  saving,
  onSubmit,
  children,
}: {
  kind: VersionKind<V>;
  saving: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { messages: M, ids } = kind;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={ids.form}>
      <Stack
        gap="md"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        aria-labelledby={ids.form}
      >
        <HeadingWithHint order={2} id={ids.form} title={M.newVersion} hint={M.newVersionHint} />
        {children}
        <Button type="submit" loading={saving} style={{ alignSelf: 'flex-start' }}>
          {M.save}
        </Button>
      </Stack>
    </Card>
  );
}

/** The first day a new version may start: tomorrow in Caracas (00:00 there). */
export const firstStartDay = () => nextDay(caracasDay(new Date()));

type StartDayInputProps = Omit<TextInputProps, 'type' | 'min' | 'value' | 'onChange'> & {
  value: string;
  onChange: (day: string) => void;
};

/** The day a new version starts, tomorrow or later. */
export function StartDayInput({ value, onChange, ...props }: StartDayInputProps) {
  return (
    <TextInput
      type="date"
      min={firstStartDay()}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...props}
    />
  );
}
