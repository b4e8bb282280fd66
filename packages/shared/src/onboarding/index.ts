export * from './captcha';
export * from './messages';
export * from './onboarding';
export * from './registration';
