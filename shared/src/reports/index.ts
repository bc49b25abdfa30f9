export * from './reports';
export * from './messages';
