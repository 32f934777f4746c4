/**
 * The game clock, kept by the view: it runs only while the game is being played and
 * visible, and stops while paused, hidden, stuck on a dialog or won. `now` is injected.
 */
export class GameClock {
  private base = 0;
  private since: number | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Resets the clock to `elapsedMs`, stopped. */
  reset(elapsedMs: number): void {
    this.base = elapsedMs;
    this.since = null;
  }

  get running(): boolean {
    return this.since !== null;
  }

  /** Starts or stops the clock; idempotent. */
  setRunning(on: boolean): void {
    if (on && this.since === null) this.since = this.now();
    if (!on && this.since !== null) {
      this.base += this.now() - this.since;
      this.since = null;
    }
  }

  /** Elapsed game time in whole milliseconds. */
  elapsed(): number {
    return Math.round(this.base + (this.since === null ? 0 : this.now() - this.since));
  }
}

/** mm:ss, or h:mm:ss from an hour on. */
export function formatTime(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = String(m).padStart(h > 0 ? 2 : 2, "0");
  const ss = String(sec).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
