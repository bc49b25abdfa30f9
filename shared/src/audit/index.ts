// The audit log in words people read (docs/product/staff-and-audit.md#audit-log): each action (the
// procedure that made the change) and each field in Spanish, values through the labels of their
// statuses, and times on Caracas's clock.
export * from './actions';
export * from './fields';
export * from './values';
export * from './messages';
