// Database enums, built from the shared arrays so the values exist in one place.
import { pgEnum } from 'drizzle-orm/pg-core';
import {
  AGENCY_KINDS,
  DELIVERY_METHODS,
  DELIVERY_PROOF_METHODS,
  ESTADOS_TRACKING_PREALERTA,
  MAILBOX_COUNTRIES,
  MAILBOX_LOCATIONS,
  MAILBOX_STATUSES,
  NOTIFICATION_TYPES,
  OUTBOX_STATUSES,
  PACKAGE_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  PREALERT_STATUSES,
  PRIORITIES,
  REPACK_STATUSES,
  SHIPMENT_STAGE_STATUSES,
  SHIPMENT_STATUSES,
  SHIPPING_METHODS,
  STORED_FILE_KINDS,
  TRACKING_STATUSES,
  USER_ROLES,
} from '@casillero/shared';

export const userRoleEnum = pgEnum('user_role', USER_ROLES);
export const mailboxCountryEnum = pgEnum('mailbox_country', MAILBOX_COUNTRIES);
export const mailboxLocationEnum = pgEnum('mailbox_location', MAILBOX_LOCATIONS);
export const mailboxStatusEnum = pgEnum('mailbox_status', MAILBOX_STATUSES);
export const prealertStatusEnum = pgEnum('prealert_status', PREALERT_STATUSES);
export const estadoTrackingEnum = pgEnum('prealert_estado_tracking', ESTADOS_TRACKING_PREALERTA);
export const packageStatusEnum = pgEnum('package_status', PACKAGE_STATUSES);
export const shipmentStatusEnum = pgEnum('shipment_status', SHIPMENT_STATUSES);
export const shipmentStageStatusEnum = pgEnum('shipment_stage_status', SHIPMENT_STAGE_STATUSES);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const paymentTypeEnum = pgEnum('payment_type', PAYMENT_TYPES);
export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);
export const trackingStatusEnum = pgEnum('tracking_status', TRACKING_STATUSES);
export const priorityEnum = pgEnum('priority', PRIORITIES);
export const repackStatusEnum = pgEnum('repack_status', REPACK_STATUSES);
export const shippingMethodEnum = pgEnum('shipping_method', SHIPPING_METHODS);
export const storedFileKindEnum = pgEnum('stored_file_kind', STORED_FILE_KINDS);
export const outboxStatusEnum = pgEnum('outbox_status', OUTBOX_STATUSES);
export const deliveryMethodEnum = pgEnum('delivery_method', DELIVERY_METHODS);
export const agencyKindEnum = pgEnum('agency_kind', AGENCY_KINDS);
export const deliveryProofMethodEnum = pgEnum('delivery_proof_method', DELIVERY_PROOF_METHODS);
