import { Box, Group } from '@mantine/core';
import { isRating } from '@portal/shared/lessons';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §5/§9: ratings go from 1 to 5 in half steps. */
const MIN = 1;
const MAX = 5;
const STEP = 0.5;
/**
 * A star is 48 px wide, so each half-star a pointer can pick is 24 × 48 px: the WCAG 2.2
 * minimum target (2.5.8) also on a phone (issue #19: Mantine's stars were 14 px there).
 */
const STAR_PX = 48;
const STAR_PATH =
  'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96z';

const clamp = (value: number) => Math.min(MAX, Math.max(MIN, value));

/**
 * The value a key gives, or undefined for keys the rating ignores. Arrows move half a star (the
 * first press from "no rating" gives 1), Page keys a whole star, Home/End the ends, digits set it.
 */
export function ratingAfterKey(value: number, key: string): number | undefined {
  const from = value || MIN - STEP;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(from + STEP);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(from - STEP);
    case 'PageUp':
      return clamp(from + 1);
    case 'PageDown':
      return clamp(from - 1);
    case 'Home':
      return MIN;
    case 'End':
      return MAX;
    default:
      return /^[1-5]$/.test(key) ? Number(key) : undefined;
  }
}

function Star({ fill, size }: { fill: number; size: number }) {
  return (
    <Box pos="relative" w={size} h={size} style={{ flexShrink: 0 }} data-star>
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
        <path
          d={STAR_PATH}
          fill="var(--mantine-color-gray-2)"
          stroke="var(--mantine-color-gray-6)"
        />
      </svg>
      <Box pos="absolute" top={0} left={0} h={size} w={size * fill} style={{ overflow: 'hidden' }}>
        <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
          <path
            d={STAR_PATH}
            fill="var(--mantine-color-yellow-5)"
            stroke="var(--mantine-color-yellow-8)"
          />
        </svg>
      </Box>
    </Box>
  );
}

/**
 * Half-star rating as one slider (WAI-ARIA slider pattern): the keyboard changes the value, not
 * only the focus, and the value is read out as "3.5 of 5 stars". `readOnly` draws the stars only.
 */
export function StarRating({
  value,
  onChange,
  labelledBy,
  readOnly = false,
  size = STAR_PX,
}: {
  value: number;
  onChange?: (value: number) => void;
  labelledBy?: string;
  readOnly?: boolean;
  size?: number;
}) {
  const { t } = useTranslation('lessons');
  const stars = Array.from({ length: MAX }, (_, i) => (
    <Star key={i} fill={Math.min(1, Math.max(0, value - i))} size={size} />
  ));
  if (readOnly)
    return (
      <Group gap={0} role="img" aria-label={t('ratingValue', { value })} wrap="nowrap">
        {stars}
      </Group>
    );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = ratingAfterKey(value, event.key);
    if (next === undefined) return;
    event.preventDefault();
    if (isRating(next) && next !== value) onChange?.(next);
  };
  // The left half of a star gives a half step, the right half the whole star.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const star = (event.target as Element).closest('[data-star]');
    if (!star || !star.parentElement) return;
    const index = Array.from(star.parentElement.children).indexOf(star);
    const box = star.getBoundingClientRect();
    const half = event.clientX - box.left < box.width / 2 ? STEP : 1;
    onChange?.(clamp(index + half));
  };

  return (
    <Group
      gap={0}
      wrap="nowrap"
      role="slider"
      tabIndex={0}
      aria-labelledby={labelledBy}
      aria-valuemin={MIN}
      aria-valuemax={MAX}
      aria-valuenow={value || undefined}
      aria-valuetext={value ? t('ratingValueText', { value }) : t('ratingNone')}
      onKeyDown={onKeyDown}
      onClick={onClick}
      className="mantine-focus-auto"
      style={{
        cursor: 'pointer',
        width: 'fit-content',
        borderRadius: 4,
        touchAction: 'manipulation',
      }}
    >
      {stars}
    </Group>
  );
}
