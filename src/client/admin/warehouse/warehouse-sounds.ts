/**
 * What the packing table hears after each scan, so the worker can keep their eyes on the box:
 * made with the Web Audio API's oscillators (no audio files to fetch or cache), each outcome its
 * own shape, told apart by pitch and rhythm, not by loudness alone:
 *
 *   accepted   one short high tone                        (a shop's till)
 *   already    two quick middle tones, the second lower   (heard, but nothing new)
 *   refused    a low double buzz                          (stop and look)
 *
 * A browser starts sound only after the person has pressed or typed something on the page; a USB
 * scanner's keys count. `unlock` is called on every key and press, so the first scan by camera
 * after a tap on "Start kamera" is heard too.
 */
import type { WarehouseOutcome } from '@/shared/production';

interface Tone {
  hz: number;
  /** Seconds after the sound starts. */
  at: number;
  seconds: number;
  wave: OscillatorType;
  volume: number;
}

export const SOUNDS: Record<WarehouseOutcome, readonly Tone[]> = {
  accepted: [{ hz: 1318.5, at: 0, seconds: 0.13, wave: 'sine', volume: 0.35 }],
  already: [
    { hz: 784, at: 0, seconds: 0.09, wave: 'triangle', volume: 0.4 },
    { hz: 587.3, at: 0.14, seconds: 0.12, wave: 'triangle', volume: 0.4 },
  ],
  refused: [
    { hz: 130.8, at: 0, seconds: 0.2, wave: 'square', volume: 0.16 },
    { hz: 130.8, at: 0.28, seconds: 0.2, wave: 'square', volume: 0.16 },
  ],
};

type AudioContextClass = typeof AudioContext;

export interface Sounds {
  /** Starts (or resumes) the audio: call from a key or a press. */
  unlock(): void;
  play(outcome: WarehouseOutcome): void;
  close(): void;
}

export function createSounds(): Sounds {
  let context: AudioContext | null = null;
  const Context: AudioContextClass | undefined = typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);

  return {
    unlock() {
      if (!Context) return;
      context ??= new Context();
      if (context.state === 'suspended') void context.resume().catch(() => {});
    },
    play(outcome) {
      if (!context || context.state === 'closed') return;
      const start = context.currentTime + 0.01;
      for (const tone of SOUNDS[outcome]) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.type = tone.wave;
        oscillator.frequency.value = tone.hz;
        // A few milliseconds' ramp in and out: a tone cut off square clicks.
        const from = start + tone.at;
        gain.gain.setValueAtTime(0.0001, from);
        gain.gain.exponentialRampToValueAtTime(tone.volume, from + 0.012);
        gain.gain.setValueAtTime(tone.volume, from + tone.seconds - 0.03);
        gain.gain.exponentialRampToValueAtTime(0.0001, from + tone.seconds);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(from);
        oscillator.stop(from + tone.seconds + 0.02);
      }
    },
    close() {
      void context?.close().catch(() => {});
      context = null;
    },
  };
}
