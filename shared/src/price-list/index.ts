export * from './price-list';
export * from './messages';
