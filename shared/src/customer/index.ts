export * from './messages';
export * from './landing';
