// Whether the browser believes it is online, as a hook that follows the online/offline events.
import { useEffect, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** False while the browser has no connection; true on the server's render. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Calls `onBack` each time the connection comes back. */
export function useWhenBackOnline(onBack: () => void) {
  useEffect(() => {
    window.addEventListener('online', onBack);
    return () => window.removeEventListener('online', onBack);
  }, [onBack]);
}
