export * from './allies';
