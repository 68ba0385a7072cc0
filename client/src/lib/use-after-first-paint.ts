import { startTransition, useEffect, useState } from 'react';

/**
 * False on the server and in the first render in the browser (hydration), true once the page has painted after
 * that: set in a transition, so the render it causes runs in short slices that give way to taps. For work a later
 * tap would otherwise pay for, such as mounting a hidden drawer ahead of its first opening. Not idle time: on a
 * slow phone the page may not be idle for seconds after hydrating, and shoppers tap meanwhile.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => startTransition(() => setPainted(true));
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(done, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
