/** An AudioContext, or null where Web Audio is missing; older Safari names it webkitAudioContext. */
export function newAudioContext(): AudioContext | null {
  const Context =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  return Context ? new Context() : null;
}
