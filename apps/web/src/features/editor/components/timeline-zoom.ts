/** The timeline's zoom as the page's keys and buttons see it (without loading the timeline's code). */
export interface TimelineHandle {
  /** nearer (factor > 1) or farther */
  zoomBy(factor: number): void;
}

/** one zoom key or button: this much nearer or farther */
export const ZOOM_STEP_KEY = 1.5;
