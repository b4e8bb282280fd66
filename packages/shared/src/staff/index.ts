export * from './permissions';
export * from './audit';
