export * from './phone';
export * from './password';
export * from './email';
