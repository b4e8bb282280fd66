export { PageLoader } from './page-loader';
export { RouteErrorBoundary } from './route-error-boundary';
export { documentTitle, useDocumentTitle } from './use-document-title';
