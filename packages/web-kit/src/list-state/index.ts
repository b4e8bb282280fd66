export { isNetworkFailure, ListState, LoadFailed, type ListStateProps } from './list-state';
