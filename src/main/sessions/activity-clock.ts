// Time stamps that follow the order of activity: the sidebar lists the session used last first even when the wall
// clock jumps back (a manual change, a wrong NTP sync), because no stamp is ever earlier than the one before it.

export class ActivityClock {
  private last: number;

  /** `latest`: the newest stamp already stored (so stamps after a restart continue above it). */
  constructor(
    private readonly now: () => number = Date.now,
    latest = 0,
  ) {
    this.last = latest;
  }

  /** A stamp found later (a session read in the background): stamps from now on come after it too. */
  observe(stamp: number): void {
    this.last = Math.max(this.last, stamp);
  }

  /** A stamp for something that happens now: the wall clock, or just after the previous stamp if that is later. */
  next(): number {
    this.last = Math.max(this.last + 1, this.now());
    return this.last;
  }
}
