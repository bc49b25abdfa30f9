export * from './travel-rules';
export * from './messages';
