import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';

interface DateRangeFilterProps {
  label: string;
  placeholder: string;
  w: number;
  /** The range as picked, one end possibly still missing. */
  value: DatesRangeValue<string>;
  onChange: (value: DatesRangeValue<string>) => void;
  /** The range to search by: once both ends are chosen, or both cleared. */
  onRange: (from: string | undefined, to: string | undefined) => void;
}

/** A list's filter by a range of days (`YYYY-MM-DD`), clearable. */
export function DateRangeFilter({ value, onChange, onRange, ...props }: DateRangeFilterProps) {
  return (
    <DatePickerInput
      type="range"
      {...props}
      value={value}
      onChange={(next) => {
        onChange(next);
        const [from, to] = next;
        if ((from && to) || (!from && !to)) onRange(from ?? undefined, to ?? undefined);
      }}
      clearable
      // Mantine's placeholder grey is under 4.5:1 on white (axe, e2e).
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
    />
  );
}
