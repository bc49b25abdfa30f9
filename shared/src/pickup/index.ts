export * from './pickup';
