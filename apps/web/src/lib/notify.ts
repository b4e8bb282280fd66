import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';

/**
 * The app's toasts (spec §8: warnings for refused requests, success notes). The close button
 * gets a translated name so screen readers can announce it.
 */
export function notify(color: 'yellow' | 'green' | 'red', message: string): void {
  notifications.show({ color, message, closeButtonProps: { 'aria-label': i18n.t('close') } });
}
