/**
 * Taps that land before the app is hydrated. A server-rendered page is readable at once, but until React has
 * attached to the markup (on a slow phone a second or two after the first paint) its buttons do nothing, its
 * JavaScript-only forms (Agregar al carrito) would reload the page, and while React is attaching it may take a tap
 * on a link before the router can follow it (the router ignores navigation before its first commit). So, until the
 * page has hydrated, such taps are kept from React: links and forms with an action are left to the browser (a
 * plain page load), taps on buttons and JavaScript-only submissions are recorded and replayed on the same
 * elements, in order, once the page has hydrated. No tap is lost.
 *
 * Recording starts in the page's first script, inlined in its head (page-start.ts), so it runs while
 * the page is still being read: a tap on «Agregar al carrito» before then would submit the form natively and
 * reload the page. That script and the app are separate bundles, so the recorder keeps its taps on `window`
 * (ENZO_EARLY_CLICKS) for the app to replay (boot.tsx). A page rendered in the browser only records nothing. Only
 * this folder touches that global (eslint.config.js): the tests read its absence as «the page has hydrated».
 */
type Early =
  | { kind: 'click'; button: HTMLButtonElement }
  | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

interface Recorder {
  queued: Early[];
  stop: () => void;
}

declare global {
  interface Window {
    /** Set by recordEarlyClicks, read by replayEarlyClicks (different bundles). */
    ENZO_EARLY_CLICKS?: Recorder;
  }
}

const queued: Early[] = [];

function onClick(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target : null;
  const control = target?.closest('a[href], button');
  if (!control) return;
  // Not for React (yet): the browser follows the link, or submits the form (see onSubmit).
  event.stopImmediatePropagation();
  if (control instanceof HTMLButtonElement && !control.disabled && !(control.form && control.type === 'submit'))
    queued.push({ kind: 'click', button: control });
}

function onSubmit(event: SubmitEvent) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  event.stopImmediatePropagation();
  // A form with an action works without JavaScript (the search box, listing filters): the browser submits it.
  if (form.hasAttribute('action')) return;
  event.preventDefault();
  queued.push({ kind: 'submit', form, submitter: event.submitter });
}

function stopRecording() {
  removeEventListener('click', onClick, true);
  removeEventListener('submit', onSubmit, true);
}

/** Starts recording (the page's first script). */
export function recordEarlyClicks(): void {
  addEventListener('click', onClick, true);
  addEventListener('submit', onSubmit, true);
  window.ENZO_EARLY_CLICKS = { queued, stop: stopRecording };
}

/** Once the page has hydrated: hands events back to React and replays the recorded taps (skipping what is gone). */
export function replayEarlyClicks(): void {
  const recorder = window.ENZO_EARLY_CLICKS;
  if (!recorder) return;
  delete window.ENZO_EARLY_CLICKS;
  recorder.stop();
  for (const early of recorder.queued.splice(0)) {
    if (early.kind === 'click') {
      if (early.button.isConnected && !early.button.disabled) early.button.click();
    } else if (early.form.isConnected) {
      const submitter =
        early.submitter?.isConnected && !(early.submitter as HTMLButtonElement).disabled ? early.submitter : null;
      early.form.requestSubmit(submitter);
    }
  }
}
