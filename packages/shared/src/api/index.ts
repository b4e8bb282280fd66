export * from './envelope';
export * from './error-codes';
