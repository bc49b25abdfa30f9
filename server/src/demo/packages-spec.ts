// What the demo's packages are made of (packages-data.ts lists them, packages.ts records them).
import type { PackageStatus } from '@casillero/shared';
import type { DemoCustomer } from './context';

export type PackageKey =
  | 'mariaReceived'
  | 'mariaInWarehouse'
  | 'mariaShip1'
  | 'mariaShip2'
  | 'carlosProcessed'
  | 'carlosSecond'
  | 'joseShipped'
  | 'luisReceived'
  | 'luisShipped'
  | 'danielaShipped'
  | 'joseWaiting'
  | 'danielaPickup'
  | 'josePickup'
  | 'joseChina'
  | 'luisSea'
  | 'danielaOpen';

export type PackageSpec = {
  /** The name later parts use for it. */
  key?: PackageKey;
  customer: DemoCustomer;
  country: 'usa' | 'china';
  /** The package a converted pre-alert became (its intake is recorded here). */
  fromPrealert?: { packageId: string | null };
  trackingNumber: string | null;
  description: string;
  senderName: string;
  weightKg: number | null;
  dimensionsCm: string | null;
  /** Null: no pre-alert's invoice said it, so the customer confirms it in Acción requerida. */
  estimatedValueUsdCents: number | null;
  /** 'in_shipment' and 'shipped' are reached in shipments.ts; here such a package is received. */
  status: PackageStatus;
  notes?: string;
  createdDaysAgo: number;
  receivedDaysAgo?: number;
  receiptNumber?: number;
  warehouseLocation?: string;
  trackingId?: string;
  updatedDaysAgo?: number;
};
