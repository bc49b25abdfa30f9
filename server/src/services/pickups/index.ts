// The last mile at agency counters and at home (docs/product/last-mile.md#agency-counters-and-proof-of-delivery):
// the counter (scan, handover, lock), the proof of delivery, and the reminder.
export { deliverAtCounter, listCounter, markReadyForPickup, unlockPickup } from './counter';
export { deliveryProofOf, recordHomeDelivery } from './proof';
export { getPickupSettings, PICKUP_SETTINGS_KEY, sendPickupReminders, setPickupSettings } from './reminders';
export { agencyChoices, agencyOfUser, counterScope } from './scope';
