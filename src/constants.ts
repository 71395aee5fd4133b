/** The system id: equals `system.json#id`, the folder under `Data/systems/`, the settings namespace and the flag scope. */
export const SYSTEM_ID = "d20-combat";
