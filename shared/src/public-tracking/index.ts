export * from './public-tracking';
export * from './messages';
