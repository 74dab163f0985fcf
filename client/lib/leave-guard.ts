/**
 * Keeps the page while something the person sent is still on its way (a video upload): leaving or reloading asks
 * first, with the browser's own "Leave site?" prompt. A recording lives only in the page's memory until the server
 * has it, so a reload mid-upload would lose it. Each hold returns its release; the prompt goes with the last one.
 */
let holds = 0;

const ask = (event: BeforeUnloadEvent) => {
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = '';
};

export function holdPage(): () => void {
  if (typeof window === 'undefined') return () => {};
  holds += 1;
  if (holds === 1) window.addEventListener('beforeunload', ask);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0) window.removeEventListener('beforeunload', ask);
  };
}
