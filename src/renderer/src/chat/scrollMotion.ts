// Whether the message list is being read or flown past. A fling or a dragged scrollbar crosses rows faster than
// anyone reads them; the rows it crosses are not worth asking main for (the list asks where the flight stops).
//
// Motion is counted in rows, not pixels: when a page lands above the view its rows take their real heights and the
// scroll position moves by thousands of pixels to keep the same row in view — a correction, not a flight.

/** The window over which motion is judged. */
export const FLING_MS = 100;
/** Screens of rows crossed within FLING_MS beyond which the view is flown past: far more than a person reads. */
export const FLING_SCREENS = 2;

/**
 * Follows the first row in view from render to render. Crossing more than FLING_SCREENS screens of rows since the
 * last sample (taken at most FLING_MS earlier) starts a flight; it lasts while the list scrolls, until a whole FLING_MS
 * passes with fewer rows crossed — so the several renders of one frame (the scroll, then what it measured) agree.
 */
export class ScrollMotion {
  private row = 0;
  private at = Number.NEGATIVE_INFINITY;
  private inFlight = false;

  /** What the last `update` said. */
  get flying(): boolean {
    return this.inFlight;
  }

  /**
   * Whether the view is flying past, given its first row in view (`row`), how many rows a screen shows now
   * (`rowsOnScreen`), the time (`now`, ms) and whether the list is scrolling at all.
   */
  update(row: number, rowsOnScreen: number, now: number, scrolling: boolean): boolean {
    const elapsed = now - this.at;
    if (!scrolling || this.at === Number.NEGATIVE_INFINITY) {
      this.inFlight = false;
      this.row = row;
      this.at = now;
      return false;
    }
    const crossed = Math.abs(row - this.row) > FLING_SCREENS * Math.max(1, rowsOnScreen);
    if (crossed) this.inFlight = true;
    if (elapsed >= FLING_MS) {
      if (!crossed) this.inFlight = false;
      this.row = row;
      this.at = now;
    }
    return this.inFlight;
  }
}
