export * from './departures';
export * from './messages';
export * from './journey';
