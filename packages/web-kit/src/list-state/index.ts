export {
  isNetworkFailure,
  ListState,
  LoadFailed,
  loadFailure,
  useNetworkFailureText,
  type ListStateProps,
} from './list-state';
