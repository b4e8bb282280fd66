import { describe, expect, it } from 'vitest';
import { teacherDetail } from '../testing/fixtures';
import { profileChanges, UPLOADED_PHOTO, valuesOf } from './profile-form';

describe('the profile form sends only what changed', () => {
  const teacher = teacherDetail();

  it('sends nothing for the profile as loaded', () => {
    expect(profileChanges(teacher, valuesOf(teacher))).toEqual({});
  });

  it('ignores the order subjects were picked in', () => {
    expect(profileChanges(teacher, { ...valuesOf(teacher), subjectIds: [2, 1] })).toEqual({});
  });

  it('sends each changed field', () => {
    const values = {
      ...valuesOf(teacher),
      nameZh: '谭老',
      photo: 'preset:4',
      subjectIds: [1],
      timeZone: 'Europe/London',
      availability: [{ weekday: 0, start: '10:00', end: '11:00' }],
    };
    expect(profileChanges(teacher, values)).toEqual({
      nameZh: '谭老',
      photo: 'preset:4',
      subjectIds: [1],
      timeZone: 'Europe/London',
      availability: [{ weekday: 0, start: '10:00', end: '11:00' }],
    });
  });

  it('keeps an uploaded photo without sending it', () => {
    const uploaded = teacherDetail({ photo: 'upload:12', photoUrl: '/api/teacher-photos/12' });
    expect(valuesOf(uploaded).photo).toBe(UPLOADED_PHOTO);
    expect(profileChanges(uploaded, valuesOf(uploaded))).toEqual({});
    expect(profileChanges(uploaded, { ...valuesOf(uploaded), photo: 'preset:1' })).toEqual({
      photo: 'preset:1',
    });
  });
});
