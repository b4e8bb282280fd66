export { ListState, type ListStateProps } from './list-state';
