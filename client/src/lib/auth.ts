// Session state: one `auth.me` query, read by guards (ensureQueryData) and components alike.
import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from './trpc';

export type SessionUser = NonNullable<inferOutput<typeof trpc.auth.me>['user']>;

/** The options every reader of the session uses, so the data is fetched once. */
export const meQueryOptions = () => trpc.auth.me.queryOptions();

export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * When `useSignOut` last emptied the session here: the `auth.me` answer it wrote then is
 * recognised by that time (`dataUpdatedAt`), which any later answer from the server replaces.
 */
let signedOutHereAt: number | null = null;

/**
 * True while `auth.me` holds the anonymous answer a sign-out on this page wrote, not one the
 * server gave: the page is about to change, so the guarded areas wait instead of reporting
 * an invalid session (a session ended elsewhere or expired).
 */
export function isSigningOutHere(me: { dataUpdatedAt: number }): boolean {
  return signedOutHereAt !== null && me.dataUpdatedAt === signedOutHereAt;
}

/**
 * Only relative paths inside this site are followed after sign-in: '/x' yes,
 * '//evil.example' or '/\evil.example' (protocol-relative) no.
 */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target || !target.startsWith('/')) return undefined;
  if (target.startsWith('//') || target.startsWith('/\\')) return undefined;
  return target;
}

/** Reloads the session after sign-in or a password reset, before navigating on. */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey(), refetchType: 'all' });
}

/**
 * Signs out, then forgets every cached answer of the previous user and goes home. The
 * local state is cleared even when the server cannot be reached.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation(trpc.auth.signOut.mutationOptions());

  const signOut = async () => {
    try {
      await mutation.mutateAsync();
    } catch {
      // Nothing to do: the session is forgotten here anyway.
    }
    const meHash = hashKey(trpc.auth.me.queryKey());
    // The session becomes anonymous at once for every mounted reader; the rest of the
    // cache (the previous user's data) is dropped.
    signedOutHereAt = Date.now();
    queryClient.setQueryData(trpc.auth.me.queryKey(), { user: null }, { updatedAt: signedOutHereAt });
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
    await navigate({ to: '/' });
  };

  return { signOut, isSigningOut: mutation.isPending };
}
