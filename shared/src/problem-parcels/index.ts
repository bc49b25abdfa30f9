export * from './problem-parcels';
export * from './filters';
