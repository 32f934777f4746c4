/**
 * Sound effects, synthesized with Web Audio at run time: no audio files. Each
 * game event has a short recipe of notes (pure data, tested); `Sound.play` renders one
 * when sound is on. Whether it is on: the `muted` setting, or when that is `null`
 * (follow the system), off if the system prefers reduced motion. Without Web Audio (tests,
 * a webview without an audio device) playing is a no-op. The last event asked for is
 * stamped on `<html data-sound>` (with `-muted` when silent) for the end-to-end tests.
 * Making the `AudioContext` is the costliest step (~160 ms on a phone-speed CPU, 4x throttled):
 * `prepareOnFirstTouch` makes it ahead of the first sound, in the first idle moment after the
 * player first touches the page (a finger is down ~100 ms before the tap acts at its lift), so
 * neither the page's load nor the first tap pays for it (a context made outside a gesture may
 * start suspended; the first sound, inside a tap, resumes it). The app's player makes a sound's oscillators after the frame that
 * shows what made it (`afterFrame`): ~1-3 ms of a tap's script on a phone-speed CPU, heard a
 * frame (~16 ms) later, which no ear tells apart.
 */
import { afterFrame, whenIdle } from "./after-frame";
import type { Outcome } from "./bindings/Outcome";

/** The moments that make a sound. */
export type SoundEvent = "select" | "match" | "nopath" | "hint" | "shuffle" | "win" | "lose";

export const SOUND_EVENTS: readonly SoundEvent[] = ["select", "match", "nopath", "hint", "shuffle", "win", "lose"];

/** One tone: an oscillator from `at` seconds for `dur` seconds, gliding to `to` Hz if set. */
export interface Note {
  freq: number;
  to?: number;
  at: number;
  dur: number;
  wave: OscillatorType;
  gain: number;
}

const n = (freq: number, at: number, dur: number, wave: OscillatorType, gain: number, to?: number): Note =>
  to === undefined ? { freq, at, dur, wave, gain } : { freq, at, dur, wave, gain, to };

/** What each event sounds like: short (under a second and a half), soft, distinct. */
export const RECIPES: Record<SoundEvent, readonly Note[]> = {
  // a light tick
  select: [n(880, 0, 0.06, "triangle", 0.18)],
  // two rising notes, a fifth apart
  match: [n(660, 0, 0.09, "triangle", 0.22), n(990, 0.07, 0.14, "triangle", 0.22)],
  // a low falling buzz
  nopath: [n(220, 0, 0.16, "square", 0.08, 150)],
  // a soft chime
  hint: [n(1320, 0, 0.12, "sine", 0.16), n(1760, 0.08, 0.18, "sine", 0.12)],
  // a quick upward sweep
  shuffle: [n(300, 0, 0.22, "sawtooth", 0.06, 900)],
  // a major arpeggio
  win: [
    n(523, 0, 0.14, "triangle", 0.22),
    n(659, 0.12, 0.14, "triangle", 0.22),
    n(784, 0.24, 0.14, "triangle", 0.22),
    n(1047, 0.36, 0.4, "triangle", 0.24),
  ],
  // a falling minor third, then low
  lose: [n(392, 0, 0.18, "triangle", 0.2), n(311, 0.16, 0.2, "triangle", 0.2), n(196, 0.34, 0.45, "triangle", 0.2, 160)],
};

/** Total length of a recipe in seconds. */
export function recipeLength(notes: readonly Note[]): number {
  return notes.reduce((end, x) => Math.max(end, x.at + x.dur), 0);
}

/** Sound is off: the player's choice, else the system's reduced-motion preference. */
export function isMuted(setting: boolean | null, prefersReducedMotion: boolean): boolean {
  return setting ?? prefersReducedMotion;
}

/**
 * The sound of a classic tap's outcome: a match (the win sounds when the board is clear),
 * a selection, or two tiles of one kind that did not connect (the engine's `no_path`).
 * `null`: no sound (a deselection).
 */
export function soundForOutcome(outcome: Outcome): SoundEvent | null {
  switch (outcome.kind) {
    case "matched":
      return outcome.status === "won" ? "win" : "match";
    case "selected":
      return "select";
    case "switched":
      return outcome.no_path ? "nopath" : "select";
    default:
      return null;
  }
}

/** The sound of a stack take: three alike cleared, the tray filled, the board cleared. */
export function soundForTake(status: string, cleared: number): SoundEvent {
  if (status === "won") return "win";
  if (status === "lost") return "lose";
  return cleared > 0 ? "match" : "select";
}

type AudioCtor = new () => AudioContext;

/** Runs work later (the app's player: after the next frame) or, by default, now. */
export type Later = (fn: () => void) => void;

const now: Later = (fn) => fn();

function audioContextClass(): AudioCtor | null {
  const w = globalThis as unknown as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

export class Sound {
  private ctx: AudioContext | null = null;
  private setting: boolean | null = null;
  private readonly reduced: { matches: boolean } | null;
  private readonly later: Later;

  /** `later` runs the making of a sound's notes (see the module's comment). */
  constructor(reducedMotion: { matches: boolean } | null = null, later: Later = now) {
    this.reduced = reducedMotion;
    this.later = later;
  }

  /** The `muted` setting (`null`: follow the system). */
  setSetting(muted: boolean | null): void {
    this.setting = muted;
  }

  get muted(): boolean {
    return isMuted(this.setting, this.reduced?.matches ?? false);
  }

  play(event: SoundEvent | null): void {
    if (event === null) return;
    const muted = this.muted;
    if (typeof document !== "undefined") document.documentElement.dataset["sound"] = muted ? `${event}-muted` : event;
    if (muted) return;
    let ctx: AudioContext | null;
    try {
      // made (if `prepare` has not) and resumed now, while the tap that asks is recent
      ctx = this.context();
      if (ctx?.state === "suspended") void ctx.resume().catch(() => undefined);
    } catch {
      // no audio device or no Web Audio: silence is fine
      return;
    }
    if (!ctx) return;
    const notes = RECIPES[event];
    const audio = ctx;
    this.later(() => {
      try {
        render(audio, notes);
      } catch {
        // the device went away meanwhile: silence is fine
      }
    });
  }

  /** Makes the audio context now if sound is on (and there is Web Audio); never throws. */
  prepare(): void {
    if (this.muted || this.ctx) return;
    try {
      this.context();
    } catch {
      // no audio device: the first sound tries again, and stays silent
    }
  }

  /**
   * `prepare` in the first idle moment (within `timeoutMs` at the latest) after the first
   * pointer or key press on `target`: not while the page loads, where it is the longest task
   * after the first board, and not inside the first tap, which acts when the finger lifts.
   */
  prepareOnFirstTouch(target: EventTarget = document, timeoutMs = 300): void {
    const types = ["pointerdown", "keydown"] as const;
    const first = (): void => {
      for (const type of types) target.removeEventListener(type, first, { capture: true });
      whenIdle(() => this.prepare(), timeoutMs);
    };
    for (const type of types) target.addEventListener(type, first, { capture: true, passive: true });
  }

  private context(): AudioContext | null {
    if (!this.ctx) {
      const Ctor = audioContextClass();
      if (!Ctor) return null;
      this.ctx = new Ctor();
    }
    return this.ctx;
  }
}

/** Plays `notes` on `ctx` from now on: one oscillator and gain per note. */
function render(ctx: AudioContext, notes: readonly Note[]): void {
  const t0 = ctx.currentTime + 0.01;
  for (const note of notes) {
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    osc.type = note.wave;
    osc.frequency.setValueAtTime(note.freq, t0 + note.at);
    if (note.to !== undefined) osc.frequency.exponentialRampToValueAtTime(note.to, t0 + note.at + note.dur);
    // quick attack, exponential release: no clicks
    amp.gain.setValueAtTime(0.0001, t0 + note.at);
    amp.gain.exponentialRampToValueAtTime(note.gain, t0 + note.at + 0.01);
    amp.gain.exponentialRampToValueAtTime(0.0001, t0 + note.at + note.dur);
    osc.connect(amp).connect(ctx.destination);
    osc.start(t0 + note.at);
    osc.stop(t0 + note.at + note.dur + 0.02);
  }
}

/** The app's one player (its setting comes from the shell's settings at start). */
export const sound = new Sound(
  typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-reduced-motion: reduce)")
    : null,
  afterFrame,
);
