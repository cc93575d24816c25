import { mountToaster } from '../../ui/deferred-toaster';

/** How long a fan may wait on one file or zip before we say so (it keeps being made on the server). */
const MAX_WAIT_MS = 15 * 60 * 1000;
export const PREPARING_TEXT = 'Preparing your download…';

let nextToast = 0;

/** A toast that stays while a download is prepared, then goes; sonner loads with it. */
function preparingToast() {
  const id = `preparing-${(nextToast += 1)}`;
  mountToaster();
  const sonner = import('sonner');
  void sonner.then((module) => module.toast.loading(PREPARING_TEXT, { id, duration: Infinity }));
  return { dismiss: () => void sonner.then((module) => module.toast.dismiss(id)) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks until the server says the file is made (answers 202 meanwhile, with how long to wait): shows
 * 'Preparing your download…' from the first 202 until it is made, then answers what `ready` picks out.
 */
export async function waitUntilMade<Answer, Ready>(
  ask: () => Promise<Answer>,
  ready: (answer: Answer) => Ready | null,
  retryAfterSeconds: (answer: Answer) => number,
): Promise<Ready> {
  const started = Date.now();
  let answer = await ask();
  let made = ready(answer);
  if (made !== null) return made;
  const toast = preparingToast();
  try {
    while (made === null) {
      if (Date.now() - started > MAX_WAIT_MS) {
        throw new Error('Your download is taking longer than usual. Please try again in a few minutes.');
      }
      await pause(Math.max(1, retryAfterSeconds(answer)) * 1000);
      answer = await ask();
      made = ready(answer);
    }
    return made;
  } finally {
    toast.dismiss();
  }
}
