/**
 * What the operator hears and feels after a scan, without looking at the screen: three patterns
 * that differ in pitch, rhythm and buzz.
 * - accepted: one short high beep, one short buzz (written to the outbox; sent when online);
 * - rejected: two low, rough tones, a long double buzz (bad code, refused by the server);
 * - duplicate: three quick middle beeps, three short buzzes (already added to this bill);
 * - repeat: one short middle blip, one tiny buzz (the same code again within the debounce
 *   window: taken once, so the operator knows the second read was heard and not lost).
 *
 * Browsers keep audio silent until the page had a user gesture: `unlockAudio()` runs on the
 * first tap or key press (installAudioUnlock) and resumes the AudioContext.
 */
export type Feedback = 'accepted' | 'rejected' | 'duplicate' | 'repeat';

interface Tone {
  /** Hz */
  frequency: number;
  /** ms */
  duration: number;
  /** ms of silence after it */
  gap: number;
  type: OscillatorType;
}

export const TONES: Record<Feedback, Tone[]> = {
  accepted: [{ frequency: 1_760, duration: 90, gap: 0, type: 'sine' }],
  rejected: [
    { frequency: 220, duration: 180, gap: 70, type: 'square' },
    { frequency: 165, duration: 260, gap: 0, type: 'square' },
  ],
  duplicate: [
    { frequency: 988, duration: 60, gap: 50, type: 'triangle' },
    { frequency: 988, duration: 60, gap: 50, type: 'triangle' },
    { frequency: 988, duration: 60, gap: 0, type: 'triangle' },
  ],
  repeat: [{ frequency: 1_319, duration: 45, gap: 0, type: 'triangle' }],
};

export const VIBRATIONS: Record<Feedback, number[]> = {
  accepted: [40],
  rejected: [250, 100, 250],
  duplicate: [60, 60, 60, 60, 60],
  repeat: [20],
};

type AudioContextClass = typeof AudioContext;

let context: AudioContext | undefined;

function audioContext(): AudioContext | undefined {
  if (context) return context;
  const Ctor: AudioContextClass | undefined =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return undefined;
  try {
    context = new Ctor({ latencyHint: 'interactive' });
  } catch {
    return undefined;
  }
  return context;
}

/** Resumes (creates) the audio context; must run inside a user gesture the first time. */
export function unlockAudio(): void {
  const ctx = audioContext();
  if (ctx && ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
}

/** Unlocks audio on the first tap or key press; returns the function that stops listening. */
export function installAudioUnlock(): () => void {
  const events = ['pointerdown', 'keydown', 'touchend'] as const;
  const unlock = () => {
    unlockAudio();
    if (context?.state === 'running') remove();
  };
  const remove = () => {
    for (const type of events) window.removeEventListener(type, unlock, true);
  };
  for (const type of events) window.addEventListener(type, unlock, true);
  return remove;
}

function play(tones: Tone[]): void {
  const ctx = audioContext();
  if (ctx?.state !== 'running') return;
  let at = ctx.currentTime + 0.005;
  for (const tone of tones) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = tone.type;
    oscillator.frequency.value = tone.frequency;
    const end = at + tone.duration / 1000;
    // Short ramps at both ends: no click.
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(0.25, at + 0.008);
    gain.gain.setValueAtTime(0.25, Math.max(at + 0.008, end - 0.015));
    gain.gain.linearRampToValueAtTime(0, end);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(end + 0.01);
    at = end + tone.gap / 1000;
  }
}

export function giveFeedback(kind: Feedback): void {
  try {
    play(TONES[kind]);
  } catch {
    // No audio output: the vibration and the screen still tell.
  }
  try {
    navigator.vibrate?.(VIBRATIONS[kind]);
  } catch {
    // Not allowed (no user gesture yet) or not there.
  }
}
