export * from './last-mile';
