export * from './platform';
export * from './parents';
export * from './catalogue';
export * from './credits';
export * from './children';
export * from './advisers';
export * from './registration';
