export * from './site';
export * from './courses';
export * from './faq';
export * from './services';
export * from './compra-asistida';
