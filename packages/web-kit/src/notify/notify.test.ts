import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { notify } from '.';

const shown = () => {
  const state = notificationsStore.getState();
  return [...state.notifications, ...state.queue].map((n) => `${n.color}:${String(n.message)}`);
};

describe('notify', () => {
  it('does not stack a toast that is already showing the same text', async () => {
    notify('yellow', 'Too many requests');
    notify('yellow', 'Too many requests');
    notify('green', 'Saved');
    notify('yellow', 'Saved');
    await expect.poll(shown).toHaveLength(3);
    expect(shown().sort()).toEqual(['green:Saved', 'yellow:Saved', 'yellow:Too many requests']);
  });
});
