export * from './messages';
export * from './fields';
