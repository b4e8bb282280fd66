// The kit's test helpers, for the apps' own (`@portal/web-kit/test`; their tests only).
export { renderWithProviders, stubFetch, testQueryClient } from './render';
