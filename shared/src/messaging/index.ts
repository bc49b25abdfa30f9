export * from './messaging';
export * from './messages';
export * from './shipment-news';
