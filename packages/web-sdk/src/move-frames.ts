/**
 * Whether this browser moves an element without resetting it (`Element.moveBefore`): an iframe moved
 * so keeps its loaded page. Where it does, a screen creates its card frames before it shows their
 * slots and moves them in (`park`, docs/decisions/0453); elsewhere a frame is created in its slot.
 */
export const canMoveFrames = (): boolean =>
  typeof Element !== 'undefined' && typeof (Element.prototype as { moveBefore?: unknown }).moveBefore === 'function';
