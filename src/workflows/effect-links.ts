/**
 * A player's own documents never steer another creature ([SYS-PERM]). An effect's link to another
 * creature — the combatant it names as its source (`sourceCombatantId`, its aftereffect's too): the
 * rider of a mount, a grappler, the source of fear, a marker, a sustainer — is read by the GM's
 * turn automation and procedures about that other creature (a ridden mount holds no turn of its
 * own). Foundry lets a player write any effect on their own actor, so a link a player writes counts
 * only when that player may write the creature it names too (their own horse); otherwise the active
 * GM's client, which hears every write with the writer's id as the server names it, takes the link
 * off again and tells the GMs. A link the GM's client made (its procedures, the cards it decided)
 * stays.
 */
import { SYSTEM_ID } from "../constants.js";

/** The combatant ids an effect's data names as its source (itself and its aftereffect). */
function linksOf(effect: ActiveEffect.Implementation): { own: string | null; after: string | null } {
  const data = effect.flags[SYSTEM_ID]?.effect;
  const own = typeof data?.sourceCombatantId === "string" ? data.sourceCombatantId : null;
  const afterLink = data?.aftereffect?.sourceCombatantId;
  return { own, after: typeof afterLink === "string" ? afterLink : null };
}

/** The actor of combatant `id` in any combat of the world (null when none has it). */
function combatantActor(id: string): Actor.Implementation | null {
  const combats = [...(game.combats?.contents ?? []), ...(game.combat ? [game.combat] : [])];
  for (const combat of combats) {
    const c = combat.combatants.contents.find((x) => x.id === id);
    if (c) return c.actor ?? null;
  }
  return null;
}

/** Whether a link written by `user` on `bearer`'s effect may stand: it names the bearer, nobody known, or a creature the user owns. */
function mayLink(id: string | null, bearer: Actor.Implementation, user: User.Implementation): boolean {
  if (!id) return true;
  const other = combatantActor(id);
  if (!other || other === bearer || other.uuid === bearer.uuid) return true;
  return other.testUserPermission(user, "OWNER");
}

/**
 * On the active GM's client: an effect a player wrote with a link to a creature that player may
 * not write loses the link (the bearer's own turns time it from then on); the GMs are told.
 */
async function guardEffectLinks(effect: ActiveEffect.Implementation, userId: string): Promise<boolean> {
  if (!game.users.activeGM?.isSelf) return false;
  const user = game.users.get(userId);
  if (!user || user.isGM) return false;
  const bearer = effect.parent;
  if (!(bearer instanceof Actor.implementation)) return false;
  const { own, after } = linksOf(effect);
  const keepOwn = mayLink(own, bearer, user);
  const keepAfter = mayLink(after, bearer, user);
  if (keepOwn && keepAfter) return false;
  await effect.update({
    flags: {
      [SYSTEM_ID]: {
        effect: {
          ...(keepOwn ? {} : { sourceCombatantId: null }),
          ...(keepAfter ? {} : { aftereffect: { sourceCombatantId: null } }),
        },
      },
    },
  } as ActiveEffect.UpdateData);
  ui.notifications?.warn(
    game.i18n.format("D20C.Trust.LinkRemoved", { effect: effect.name, name: bearer.name ?? "", user: user.name }),
  );
  return true;
}

/** Listen for effects other users write (once, at init). */
export function registerEffectLinkGuard(): void {
  const check = (effect: unknown, userId: unknown) => {
    if (typeof userId !== "string") return;
    void guardEffectLinks(effect as ActiveEffect.Implementation, userId).catch((err: unknown) =>
      console.error(`${SYSTEM_ID} | effect link`, err),
    );
  };
  Hooks.on("createActiveEffect", (effect, _options, userId) => check(effect, userId));
  Hooks.on("updateActiveEffect", (effect, _changes, _options, userId) => check(effect, userId));
}
