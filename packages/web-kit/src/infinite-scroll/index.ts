export { useLoadMoreOnView, type NextPage } from './use-load-more-on-view';
