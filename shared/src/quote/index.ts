export * from './constants';
export * from './quote';
export * from './whatsapp';
export * from './parcels';
export * from './with-taxes';
