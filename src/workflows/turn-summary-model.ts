/**
 * Typed chat-message data ([SYS-TURNS]): a turn summary is a ChatMessage of the system sub-type
 * `turn` whose `system` is {@link TurnSummaryData} (registered in CONFIG.ChatMessage.dataModels,
 * declared in system.json `documentTypes.ChatMessage`). Messages from older versions carry one
 * step under `flags["d20-combat"].turnLine`; ./turn-summary-data.ts reads both.
 */
type Fields = typeof foundry.data.fields;

function turnSummarySchema(f: Fields) {
  return {
    combatId: new f.StringField({ required: true, blank: true, initial: "" }),
    /** Whose turn ("turn"), or a round / battle event ("event"). */
    kind: new f.StringField({ required: true, choices: ["turn", "event"], initial: "event" }),
    combatantId: new f.StringField({ required: true, blank: true, initial: "" }),
    actorId: new f.StringField({ required: true, blank: true, initial: "" }),
    name: new f.StringField({ required: true, blank: true, initial: "" }),
    round: new f.NumberField({ required: true, integer: true, min: 0, initial: 0 }),
    /** Each step's line as the plan runner made it (with its undo record) and whether it was undone. */
    lines: new f.ArrayField(
      new f.SchemaField({
        line: new f.ObjectField({ required: true }),
        undone: new f.BooleanField({ required: true, initial: false }),
      }),
    ),
    /** Full ActiveEffect data of the effects the lines removed, by effect id (Undo re-creates them). */
    removedEffects: new f.ObjectField({ required: true }),
  };
}

export type TurnSummarySchema = ReturnType<typeof turnSummarySchema>;

/** The `system` of a turn summary message. */
export class TurnSummaryData extends foundry.abstract.TypeDataModel<TurnSummarySchema, ChatMessage.Implementation> {
  static override defineSchema(): TurnSummarySchema {
    return turnSummarySchema(foundry.data.fields);
  }
}
