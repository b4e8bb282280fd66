import { Tooltip, type TooltipProps } from '@mantine/core';
import '@mantine/core/styles/Tooltip.css';
import { useRef, useState, type ReactNode } from 'react';

export interface HoverHintProps extends Omit<TooltipProps, 'children' | 'target'> {
  children: ReactNode;
}

/**
 * Mantine's Tooltip on a wrapper `<span>` (a disabled button gets no pointer events; the span
 * does), mounted when the pointer first comes over it. A mounted Tooltip sets up its floating
 * element and ids right after the page's first commit and draws itself once more: on a list of
 * lesson cards that was 60–80 ms of Lighthouse's total blocking time (decision 053). Like
 * Mantine's default, it answers hover only; the span stays the same element throughout, so the
 * button in it keeps focus.
 */
export function HoverHint({ children, ...tooltip }: HoverHintProps) {
  const target = useRef<HTMLSpanElement>(null);
  const [armed, setArmed] = useState(false);
  return (
    <>
      <span ref={target} onPointerEnter={armed ? undefined : () => setArmed(true)}>
        {children}
      </span>
      {/* Opened at once: the pointer is already over the target when it mounts. */}
      {armed && <Tooltip {...tooltip} target={target} defaultOpened />}
    </>
  );
}
