export * from './messages';
export * from './labels';
