/**
 * The slide to show after a drag of (dx, dy) pixels from slide `index`: the next one for a drag
 * to the left, the previous one for a drag to the right, when it went past `threshold` and more
 * sideways than up or down (a vertical drag scrolls the page instead).
 */
export function slideAfterSwipe(index: number, dx: number, dy: number, threshold: number): number {
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return index;
  return dx < 0 ? index + 1 : index - 1;
}

/**
 * Whether a slide's image should be in the page: the shown one and its neighbours (so a swipe
 * finds the next one ready), and every slide up to the furthest reached (`reached` slides).
 */
export function shouldLoadSlide(position: number, index: number, reached: number): boolean {
  return Math.abs(position - index) <= 1 || position < reached;
}
