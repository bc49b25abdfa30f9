export * from './words';
export * from './goods';
