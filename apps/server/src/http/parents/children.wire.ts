import { formatBirthDate, parseBirthDate, type Child as ChildWire } from '@portal/shared/children';
import type { Child, ChildInput } from '../../modules/children/children.service';

/** Spec §3 Child: the birthday as "M/D/YYYY"; `id` is the avatar option (the edit form's). */
export function childWire(child: Child): ChildWire {
  return {
    student_sn: child.studentSn,
    nickname: child.nickname,
    birth_date: formatBirthDate(child.birthDate),
    avatar: child.avatarUrl,
    id: child.avatarId,
    age: child.age,
  };
}

/**
 * The add/edit form's fields (spec §5) as the service takes them. The schema has already checked
 * that `birth_date` is a real "M/D/YYYY" day; the service checks it again (an empty day fails).
 */
export function childInput(body: {
  nickname: string;
  birth_date: string;
  avatar: number;
}): ChildInput {
  return {
    nickname: body.nickname,
    birthDate: parseBirthDate(body.birth_date) ?? '',
    avatarId: body.avatar,
  };
}
