import type { inferOutput } from '@trpc/tanstack-react-query';
import type { trpc } from '../../../../lib/trpc';

export type ShipmentRow = inferOutput<typeof trpc.shipments.list>['rows'][number];
export type ShipmentDetail = inferOutput<typeof trpc.shipments.detail>;
export type ShippablePackage = inferOutput<typeof trpc.shipments.availablePackages>[number];
