export { HoverHint, type HoverHintProps } from './hover-hint';
