export { CodeField, type CodeFieldProps } from './code-field';
export { useCountdown, type Countdown } from './use-countdown';
