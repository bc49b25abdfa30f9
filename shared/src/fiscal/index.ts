export * from './fiscal-id';
export * from './messages';
export * from './taxes';
export * from './settings';
export * from './notes';
export * from './sales-book';
export * from './quote-taxes';
