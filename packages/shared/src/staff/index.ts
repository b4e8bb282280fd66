export * from './permissions';
export * from './audit';
export * from './accounts';
export * from './dashboard';
export * from './families';
export * from './messages';
