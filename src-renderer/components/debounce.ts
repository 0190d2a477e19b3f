// A value that follows another once it has stopped changing for a moment: a search or a preview asks the core once per pause, not per key.
import { useEffect, useState } from 'react';

export function useDebounced<T extends string>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const handle = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(handle);
  }, [value, ms]);
  return debounced;
}
