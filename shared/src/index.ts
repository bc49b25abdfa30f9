import './zod-es';

export * from './enums';
export * from './constants';
export * from './messages';
export * from './format';
export * from './labels';
export * from './schemas/auth';
export { z } from './zod-es';
