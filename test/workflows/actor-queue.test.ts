/**
 * [SYS-PERM] One queue per actor (src/workflows/actor-queue.ts), the one card applications, token-HUD
 * HP edits and turn phases share: a job reads the actor once its turn comes, so changes decided at
 * the same moment never overwrite each other; a job holding several actors waits for all of them.
 */
import { describe, expect, it } from "vitest";
import { withActorQueue } from "../../src/workflows/actor-queue.js";

/** An actor whose write lands a tick after its read (as a database update does). */
function store(hp: number) {
  return {
    hp,
    async read() {
      await new Promise((r) => setTimeout(r, 1));
      return this.hp;
    },
    async write(v: number) {
      await new Promise((r) => setTimeout(r, 1));
      this.hp = v;
    },
  };
}

describe("[SYS-PERM] the shared actor queue", () => {
  it("[SYS-PERM] a card hit and a token-HUD edit on one actor at the same moment both land (100 → 80)", async () => {
    const ogre = store(100);
    const hit = (n: number) => withActorQueue(["Actor.ogre"], async () => ogre.write((await ogre.read()) - n));
    await Promise.all([hit(10), hit(10)]);
    expect(ogre.hp).toBe(80);
    // Without the queue the same two jobs lose one update.
    const bare = store(100);
    await Promise.all([10, 10].map(async (n) => bare.write((await bare.read()) - n)));
    expect(bare.hp).toBe(90);
  });

  it("[SYS-PERM] a turn phase holding every combatant waits for a card on one of them, and the next card waits for it", async () => {
    const order: string[] = [];
    const slow = (name: string, ms: number) => async () => {
      order.push(`${name}:start`);
      await new Promise((r) => setTimeout(r, ms));
      order.push(`${name}:end`);
    };
    await Promise.all([
      withActorQueue(["Actor.a"], slow("card-a", 5)),
      withActorQueue(["Actor.a", "Actor.b"], slow("phase", 1)),
      withActorQueue(["Actor.b"], slow("card-b", 1)),
    ]);
    expect(order).toEqual(["card-a:start", "card-a:end", "phase:start", "phase:end", "card-b:start", "card-b:end"]);
  });

  it("[SYS-PERM] a failing job releases the actor for the next one", async () => {
    await expect(withActorQueue(["Actor.x"], async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await withActorQueue(["Actor.x"], async () => "next")).toBe("next");
  });
});
