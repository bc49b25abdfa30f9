export * from './rules';
export * from './labels';
export * from './settings';
export * from './store-failures';
export * from './messages';
export * from './schemas';
export * from './invoice-lines';
