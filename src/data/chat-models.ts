/**
 * The data models of our chat cards: one ChatMessage sub-type per card kind (system.json
 * `documentTypes.ChatMessage`, registered in CONFIG.ChatMessage.dataModels), each `system` schema
 * built from the card kind's field descriptions (src/engine/plans/card-data.ts). Foundry keeps
 * exactly the described keys; what the engine builds whole (outcomes, recipes, records) is one
 * JSON field. Messages of older versions keep their cards in `flags["d20-combat"]`
 * (src/workflows/card-messages.ts reads both).
 */
import type { FieldDescs } from "../engine/fields.js";
import { CARD_FIELDS } from "../engine/plans/card-data.js";
import { foundrySchema, type Schema } from "./fields.js";

/** A card kind's `system` model: its schema from its descriptions (`fields`, set by each kind). */
class CardData extends foundry.abstract.TypeDataModel<Schema, ChatMessage.Implementation> {
  static fields: FieldDescs = {};
  static override defineSchema(): Schema {
    return foundrySchema(foundry.data.fields, this.fields);
  }
}

/** An attack card (the public copy every viewer's client receives). */
export class AttackCardModel extends CardData {
  static override fields: FieldDescs = CARD_FIELDS.attack;
}
/** The GM-only ledger of an attack card (GM-authored, whispered to the GMs). */
export class CardLedgerModel extends CardData {
  static override fields: FieldDescs = CARD_FIELDS.ledger;
}
/** A target's numbers whispered to its owners. */
export class CardDetailsModel extends CardData {
  static override fields: FieldDescs = CARD_FIELDS.details;
}
/** A save, death save, rally or recovery card. */
export class RuleCardModel extends CardData {
  static override fields: FieldDescs = CARD_FIELDS.rule;
}
