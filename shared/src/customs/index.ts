export * from './rules';
export * from './charge';
export * from './categories';
export * from './estimate';
export * from './messages';
export * from './quote';
export * from './prealert';
export * from './settlement';
