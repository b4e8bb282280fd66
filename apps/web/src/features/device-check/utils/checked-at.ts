import { writeStored } from '@portal/web-kit/storage';

/**
 * When this browser last ran the device check, kept only here (issue #24: remembered in the
 * browser, nothing sent). The lessons feature reads the same key to decide whether the enter
 * flow offers the check (features/lessons/utils/device-check-offer.ts).
 */
export const DEVICE_CHECKED_AT_KEY = 'deviceCheckedAt';

export function rememberDeviceChecked(now: Date = new Date()): void {
  writeStored(DEVICE_CHECKED_AT_KEY, now.toISOString());
}
