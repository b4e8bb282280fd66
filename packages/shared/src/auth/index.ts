export * from './codes';
export * from './email';
export * from './password';
export * from './phone';
export * from './requests';
export * from './responses';
