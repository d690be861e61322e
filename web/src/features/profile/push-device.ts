// This browser as a push device (docs/rules.md, Push notifications): the app's service worker subscribes it with the
// server's VAPID key; the worker shows each push ({title, body, url}) and a click opens its page.
import type { PushSubscriptionInput } from './api/add-push-subscription';
import { deletePushSubscription } from './api/delete-push-subscription';

/** Whether this browser can take pushes at all: a service worker, the Push API and notifications. */
export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The app's service worker, once active; none registered (a development build) is said plainly. */
async function activeRegistration() {
  if (!(await navigator.serviceWorker.getRegistration()))
    throw new Error("Pick'em's service worker is not installed in this browser yet: reload the page and try again.");
  return navigator.serviceWorker.ready;
}

const bytesOf = (base64url: string) => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

/** This device's subscription, if it has one. */
export async function currentSubscription() {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? undefined;
}

/** Asks the browser's permission and subscribes this device (or answers its subscription), as the server takes it. */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error("Notifications are blocked for this site: allow them in the browser's settings to get pushes.");
  const registration = await activeRegistration();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave a subscription without its keys.');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * Stops this device's pushes, if it takes any: the server forgets its endpoint for the user of the token (the
 * session's, or one that has just ended; bounded, and a failure passes: the browser's unsubscribe below leaves the
 * push service nothing to deliver to), then the browser drops the subscription. Never throws.
 */
export async function forgetThisDevice(token?: string) {
  if (!pushSupported()) return;
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await deletePushSubscription(subscription.endpoint, {
      ...(token && { token }),
      signal: AbortSignal.timeout(5000),
    }).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // A browser that cannot say or drop its subscription has no pushes of ours to stop.
  }
}
