import type { PackageStatus } from '@casillero/shared';

/** A package status's colour, the same in the admin's badges and the customer's warehouse. */
export const PACKAGE_STATUS_COLORS: Record<PackageStatus, string> = {
  pending: 'yellow',
  received: 'blue',
  processed: 'violet',
  shipped: 'green',
  in_warehouse: 'cyan',
  in_shipment: 'indigo',
  returned_to_seller: 'orange',
  disposed: 'gray',
  abandoned: 'red',
};
