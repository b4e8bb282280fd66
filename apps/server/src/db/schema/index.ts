export * from './platform';
export * from './parents';
