import { useEffect, useRef } from "react";

/** Calls `save(value)` once `value` has stayed unchanged for `delay` ms, and on unmount
 * when a change is still waiting, so typed text survives a restart. */
export function useAutosave<T>(value: T, save: (value: T) => void, delay = 500) {
  const saved = useRef(value);
  const latest = useRef({ value, save });
  latest.current = { value, save };
  useEffect(() => {
    if (Object.is(value, saved.current)) return;
    const timer = setTimeout(() => {
      saved.current = value;
      save(value);
    }, delay);
    return () => clearTimeout(timer);
  }, [value, save, delay]);
  useEffect(
    () => () => {
      const { value: last, save: flush } = latest.current;
      if (!Object.is(last, saved.current)) flush(last);
    },
    [],
  );
}
