import type { inferOutput } from '@trpc/tanstack-react-query';
import type { trpc } from '../../../../lib/trpc';

export type ClientRow = inferOutput<typeof trpc.clients.list>['rows'][number];
export type ClientDetail = inferOutput<typeof trpc.clients.detail>;
export type ClientOption = inferOutput<typeof trpc.clients.options>[number];
/** The client a dialog is opened for: from a table row or the details. */
export type ClientRef = { userId: string; fullName: string | null; email: string };
