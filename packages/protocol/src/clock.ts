/** The SDK's one reading of the time (the seam of STYLE.md convention 6); tests pass their own `now`. */
export const systemNow = (): number => Date.now();
