/**
 * [SYS-CHARACTER] The portrait and the token art set together from the sheet (pure): one update of
 * the actor's `img` and its prototype token's texture, so a new picture never leaves the core
 * placeholder on the token.
 */
export function artUpdate(path: string): { img: string; prototypeToken: { texture: { src: string } } } {
  return { img: path, prototypeToken: { texture: { src: path } } };
}
