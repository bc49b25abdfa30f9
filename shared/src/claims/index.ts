export * from './claims';
export * from './messages';
