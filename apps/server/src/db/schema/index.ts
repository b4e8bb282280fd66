export * from './platform';
export * from './parents';
export * from './catalogue';
