export * from './money';
export * from './billing';
export * from './reconciliation';
