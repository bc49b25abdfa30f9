export * from './public-tracking';
export * from './messages';
export * from './result-messages';
