export * from './messaging';
export * from './messages';
export * from './shipment-news';
export * from './whatsapp-desk';
export * from './conversations';
export * from './push';
