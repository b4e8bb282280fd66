import { describe, expect, it } from 'vitest';
import { photoFileRefusal } from './photo-file';

const MB = 1024 * 1024;

describe('a photo file before it is sent', () => {
  it.each([
    [{ size: 2_000, type: 'image/png' }, undefined],
    [{ size: 2_000, type: 'image/jpeg' }, undefined],
    [{ size: MB, type: 'image/webp' }, undefined],
    [{ size: MB + 1, type: 'image/png' }, 'teachersPhotoTooLarge'],
    [{ size: 2_000, type: 'image/gif' }, 'teachersPhotoType'],
    [{ size: 2_000, type: 'image/svg+xml' }, 'teachersPhotoType'],
    [{ size: 2_000, type: '' }, 'teachersPhotoType'],
    [{ size: 0, type: 'image/png' }, 'teachersPhotoEmpty'],
    [null, 'teachersPhotoEmpty'],
  ] as const)('%j → %s', (file, expected) => {
    expect(photoFileRefusal(file)).toBe(expected);
  });
});
