/**
 * The top bar stays stuck to the top of the window; whatever else sticks (the back
 * office's tabs) must stop below it, and its height changes with the banner and
 * the language. The height is published as --topbar-height on the document.
 */
import { useEffect, useRef } from 'react';

export function useStuckHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const publish = () => document.documentElement.style.setProperty('--topbar-height', `${el.offsetHeight}px`);
    publish();
    const watch = new ResizeObserver(publish);
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  return ref;
}
