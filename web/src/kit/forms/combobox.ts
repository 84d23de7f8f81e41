import { useId, useRef, useState } from 'react';

/** The next active option for an arrow key, wrapping around; -1 means none. */
function stepActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}

/**
 * The state of a combobox's suggestion list (ARIA 1.2): the ids of the list and its options, whether it is open, the
 * active option (-1 for none), which an arrow key moves, scrolling it into view.
 */
export function useComboboxList() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const moveTo = (index: number) => {
    setActive(index);
    if (index >= 0) listRef.current?.children[index]?.scrollIntoView?.({ block: 'nearest' });
  };
  return {
    id,
    listId: `${id}-list`,
    optionId: (index: number) => `${id}-option-${index}`,
    open, setOpen, active, setActive, listRef, close,
    /** To the next option (ArrowDown) or the previous (ArrowUp) of `count`, wrapping around. */
    step: (key: string, count: number) => moveTo(stepActive(active, count, key === 'ArrowDown' ? 1 : -1)),
  };
}
