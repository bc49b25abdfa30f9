export * from './departures';
export * from './journey';
