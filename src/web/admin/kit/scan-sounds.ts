import type { ReceiveResult } from '../../../shared/contract/order.ts';

/** What the receiving scan can answer, plus a call that failed (bad weight, network): each has its sound. */
export type ScanSound = ReceiveResult['kind'] | 'error';

interface Tone {
  /** Hz */
  freq: number;
  /** seconds */
  duration: number;
  wave?: OscillatorType;
  /** seconds of silence before the tone */
  gap?: number;
}

/**
 * Short tones an operator tells apart without looking: one high beep for a parcel received, two
 * mid beeps for one already received, a low buzz for an unknown number, a falling pair for a
 * cancelled order, a fast high-low alarm for an intercepted one (set it aside). Generated with
 * the Web Audio API, so no audio files are needed.
 */
export const SCAN_TONES: Record<ScanSound, readonly Tone[]> = {
  ok: [{ freq: 1320, duration: 0.12 }],
  already: [
    { freq: 880, duration: 0.08 },
    { freq: 880, duration: 0.08, gap: 0.06 },
  ],
  unknown: [{ freq: 180, duration: 0.45, wave: 'square' }],
  cancelled: [
    { freq: 523, duration: 0.18, wave: 'triangle' },
    { freq: 262, duration: 0.3, wave: 'triangle', gap: 0.02 },
  ],
  intercepted: [
    { freq: 988, duration: 0.1, wave: 'sawtooth' },
    { freq: 494, duration: 0.1, wave: 'sawtooth' },
    { freq: 988, duration: 0.1, wave: 'sawtooth' },
    { freq: 494, duration: 0.1, wave: 'sawtooth' },
    { freq: 988, duration: 0.1, wave: 'sawtooth' },
    { freq: 494, duration: 0.1, wave: 'sawtooth' },
  ],
  error: [
    { freq: 220, duration: 0.15, wave: 'square' },
    { freq: 220, duration: 0.15, wave: 'square', gap: 0.08 },
  ],
};

let context: AudioContext | null = null;

/** The page's one audio context, made on first use (a scan is a user gesture, so it may start). */
function audio(): AudioContext | null {
  if (context) return context;
  const Ctor =
    globalThis.AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

/** Plays the sound of a scan result; silently nothing where the browser has no audio. */
export function playScanSound(kind: ScanSound): void {
  try {
    play(kind);
  } catch {
    // No sound (no audio device, a policy): the screen still shows the result.
  }
}

function play(kind: ScanSound): void {
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume();
  let at = ctx.currentTime + 0.01;
  for (const tone of SCAN_TONES[kind]) {
    at += tone.gap ?? 0;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = tone.wave ?? 'sine';
    osc.frequency.value = tone.freq;
    // A short attack and release: no click at either end.
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(0.25, at + 0.01);
    gain.gain.setValueAtTime(0.25, at + tone.duration - 0.02);
    gain.gain.linearRampToValueAtTime(0, at + tone.duration);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + tone.duration);
    at += tone.duration;
  }
}
