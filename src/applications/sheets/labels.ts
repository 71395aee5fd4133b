/**
 * Damage type labels for sheets: the shared `D20C.DamageType.<type>` key when it exists, else the
 * stored key itself (a type only another game knows still shows readably).
 */
export function damageTypeLabelWith(
  has: (key: string) => boolean,
  localize: (key: string) => string,
): (type: string) => string {
  return (type: string) => {
    const key = `D20C.DamageType.${type}`;
    return has(key) ? localize(key) : type;
  };
}
