export { KitProvider } from './provider';
