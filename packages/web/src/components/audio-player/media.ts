/** Playback speeds the player offers. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
/** How far the skip buttons and the arrow keys jump, in seconds. */
export const SKIP_SECONDS = 10;

/**
 * The length to show and seek within. A WebM file from MediaRecorder has no duration in its header,
 * so the element reports Infinity (or NaN before metadata): then the length we know from elsewhere
 * (the meeting's measured duration, the recorder's own timer) is used.
 */
export function playableDuration(elementDuration: number, knownSeconds: number | null | undefined): number {
  if (Number.isFinite(elementDuration) && elementDuration > 0) return elementDuration;
  return knownSeconds && Number.isFinite(knownSeconds) && knownSeconds > 0 ? knownSeconds : 0;
}

/** Keys typed into a field (or a control that uses them itself) are not player shortcuts. */
export function ownsKeyboard(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('[role="slider"]') !== null;
}

/** Space on a button or link activates it; it must not also toggle playback. */
export function activatesWithSpace(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a[href], [role="button"], summary') !== null;
}
