export * from './money';
export * from './billing';
