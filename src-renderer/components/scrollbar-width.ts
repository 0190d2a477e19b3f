// The width of a scrolling box's vertical scrollbar, kept current as it comes and goes (0 without one, or where the
// platform's scrollbars overlay the content): what an element floating over the box's right side leaves clear, so the
// scrollbar stays where a mouse can drag it.
import { useEffect, type RefObject } from 'react';

/** Calls `report` with the scrollbar's width in CSS pixels now and whenever it changes (the box has no border of its own). */
export function useScrollbarWidth(box: RefObject<HTMLElement | null>, report: ((width: number) => void) | undefined): void {
  useEffect(() => {
    const element = box.current;
    if (!element || !report) return;
    // A scrollbar that appears or goes narrows or widens the box's content, which the observer sees.
    const measure = () => report(element.offsetWidth - element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, [box, report]);
}
