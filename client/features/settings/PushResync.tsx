import { useEffect } from 'react';
import { resyncPush } from './push-device';

/** Once per signed-in start: tells the server this device's push subscription again (see resyncPush). */
export function PushResync() {
  useEffect(() => {
    resyncPush().catch((error) => console.warn('Could not refresh push reminders', error));
  }, []);
  return null;
}
