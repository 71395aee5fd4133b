// @ts-check
/**
 * system.json validation. Every problem comes back as one message naming the key/file at fault.
 *
 * - validateSystem(root): the source tree (npm test): manifest shape, required documentTypes,
 *   every referenced path exists in the source tree or is produced by the build, lang TYPES keys,
 *   pack sources with valid `_key`s.
 * - validateDist(distDir): the built tree (npm run build): every path dist/system.json names exists.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { exists, listFiles } from "./files.mjs";

export const SYSTEM_ID = "d20-combat";

/** Document sub-types the system must declare. */
export const REQUIRED_DOCUMENT_TYPES = {
  Actor: ["character", "npc"],
  Item: ["power", "weapon", "armor", "feature"],
};

/** Compendium collection name per primary document type (the `!<collection>!` of a `_key`). */
const COLLECTIONS = {
  Actor: "actors",
  Adventure: "adventures",
  Cards: "cards",
  Item: "items",
  JournalEntry: "journal",
  Macro: "macros",
  Playlist: "playlists",
  RollTable: "tables",
  Scene: "scenes",
};

/** Embedded collections (field name → embedded document type) per document type. */
const EMBEDDED = {
  Actor: { items: "Item", effects: "ActiveEffect" },
  Item: { effects: "ActiveEffect" },
  JournalEntry: { pages: "JournalEntryPage", categories: "JournalEntryCategory" },
  RollTable: { results: "TableResult" },
  Cards: { cards: "Card" },
  Playlist: { sounds: "PlaylistSound" },
  Scene: {
    tokens: "Token",
    notes: "Note",
    drawings: "Drawing",
    lights: "AmbientLight",
    sounds: "AmbientSound",
    tiles: "Tile",
    walls: "Wall",
    regions: "Region",
    templates: "MeasuredTemplate",
  },
};

const ID_RE = /^[A-Za-z0-9]{16}$/;

/**
 * @param {string} file
 * @returns {{ value?: unknown; error?: string }}
 */
function readJson(file) {
  try {
    return { value: JSON.parse(readFileSync(file, "utf8")) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * @param {unknown} v
 * @returns {v is Record<string, any>}
 */
function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Look up a dotted key in an i18n object that may mix nested objects and flat dotted keys.
 * @param {Record<string, any>} lang
 * @param {string} key
 * @returns {boolean}
 */
export function hasLangKey(lang, key) {
  if (typeof lang[key] === "string") return true;
  const parts = key.split(".");
  for (let i = 1; i < parts.length; i++) {
    const head = parts.slice(0, i).join(".");
    const child = lang[head];
    if (isObject(child) && hasLangKey(child, parts.slice(i).join("."))) return true;
  }
  return false;
}

/**
 * Check the `_key` of one pack document and, recursively, its embedded documents.
 * @param {Record<string, any>} doc
 * @param {string} docType
 * @param {string} collection e.g. "actors" or "actors.items"
 * @param {string[]} parentIds
 * @param {string} where message prefix naming the file
 * @param {string[]} errors
 */
function checkKeys(doc, docType, collection, parentIds, where, errors) {
  const id = doc._id;
  if (typeof id !== "string" || !ID_RE.test(id)) {
    errors.push(`${where}: _id ${JSON.stringify(id)} is not a 16-character alphanumeric id`);
    return;
  }
  const expected = `!${collection}!${[...parentIds, id].join(".")}`;
  if (doc._key === undefined) {
    errors.push(`${where}: missing _key (foundryvtt-cli silently skips it); expected "${expected}"`);
  } else if (doc._key !== expected) {
    errors.push(`${where}: _key ${JSON.stringify(doc._key)} should be "${expected}"`);
  }
  const embedded = /** @type {Record<string, string>} */ (
    EMBEDDED[/** @type {keyof typeof EMBEDDED} */ (docType)] ?? {}
  );
  for (const [field, childType] of Object.entries(embedded)) {
    const children = doc[field];
    if (children === undefined) continue;
    if (!Array.isArray(children)) {
      errors.push(`${where}: ${field} must be an array`);
      continue;
    }
    children.forEach((child, i) => {
      const childWhere = `${where} ${field}[${i}]`;
      if (!isObject(child)) errors.push(`${childWhere}: not an object`);
      else checkKeys(child, childType, `${collection}.${field}`, [...parentIds, id], childWhere, errors);
    });
  }
}

/**
 * Validate one pack's source folder.
 * @param {string} root
 * @param {Record<string, any>} pack a system.json `packs[]` entry
 * @param {string} packsSrcDir pack sources folder relative to root (packs)
 * @param {Record<string, Record<string, unknown>>} documentTypes
 * @param {string[]} errors
 */
function validatePackSources(root, pack, packsSrcDir, documentTypes, errors) {
  const name = pack.name;
  const label = `system.json packs "${name}"`;
  if (typeof name !== "string" || !name || name.includes(".")) {
    errors.push(`${label}: name must be a non-empty string without periods`);
    return;
  }
  if (pack.path !== `packs/${name}`)
    errors.push(`${label}: path should be "packs/${name}", not ${JSON.stringify(pack.path)}`);
  const collection = COLLECTIONS[/** @type {keyof typeof COLLECTIONS} */ (pack.type)];
  if (!collection) {
    errors.push(`${label}: unsupported or missing type ${JSON.stringify(pack.type)}`);
    return;
  }
  if ((pack.type === "Actor" || pack.type === "Item") && pack.system !== SYSTEM_ID) {
    errors.push(`${label}: an ${pack.type} pack needs "system": "${SYSTEM_ID}"`);
  }
  const srcDir = path.join(root, packsSrcDir, name);
  if (!exists(srcDir)) {
    errors.push(`${label}: source folder ${packsSrcDir}/${name}/ does not exist`);
    return;
  }
  const files = listFiles(srcDir, (n) => n.endsWith(".yml") || n.endsWith(".yaml"));
  if (files.length === 0) errors.push(`${label}: source folder ${packsSrcDir}/${name}/ has no .yml files`);
  /** @type {Map<string, string>} */
  const seen = new Map();
  const subtypes = isObject(documentTypes[pack.type]) ? Object.keys(documentTypes[pack.type] ?? {}) : [];
  for (const rel of files) {
    const where = `${packsSrcDir}/${name}/${rel}`;
    let doc;
    try {
      doc = yaml.load(readFileSync(path.join(srcDir, rel), "utf8"));
    } catch (err) {
      errors.push(`${where}: invalid YAML: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
      continue;
    }
    if (!isObject(doc)) {
      errors.push(`${where}: not a YAML mapping`);
      continue;
    }
    if (typeof doc._key === "string" && doc._key.startsWith("!folders!")) {
      if (typeof doc._id !== "string" || doc._key !== `!folders!${doc._id}`)
        errors.push(`${where}: folder _key should be "!folders!${doc._id}"`);
      continue;
    }
    checkKeys(doc, pack.type, collection, [], where, errors);
    if (typeof doc._id === "string") {
      const prev = seen.get(doc._id);
      if (prev) errors.push(`${where}: duplicate _id ${doc._id} (also in ${prev})`);
      seen.set(doc._id, where);
    }
    if (subtypes.length > 0 && !subtypes.includes(doc.type)) {
      errors.push(
        `${where}: type ${JSON.stringify(doc.type)} is not a documentTypes.${pack.type} type (${subtypes.join(", ")})`,
      );
    }
  }
}

/**
 * Validate the source tree's system.json and everything it points at.
 * @param {string} root repository root
 * @param {{ manifest?: string; packsSrcDir?: string }} [options]
 * @returns {string[]} problems; empty when valid
 */
export function validateSystem(root, options = {}) {
  const manifestName = options.manifest ?? "system.json";
  const packsSrcDir = options.packsSrcDir ?? "packs";
  /** @type {string[]} */
  const errors = [];
  const parsed = readJson(path.join(root, manifestName));
  if (parsed.error) return [`${manifestName}: not valid JSON: ${parsed.error}`];
  const sys = parsed.value;
  if (!isObject(sys)) return [`${manifestName}: must be a JSON object`];

  // Identity and compatibility.
  if (sys.id !== SYSTEM_ID) errors.push(`${manifestName}: id must be "${SYSTEM_ID}", found ${JSON.stringify(sys.id)}`);
  for (const key of ["title", "version", "description", "manifest", "download", "license"]) {
    if (typeof sys[key] !== "string" || !sys[key]) errors.push(`${manifestName}: "${key}" must be a non-empty string`);
  }
  if (!isObject(sys.compatibility) || sys.compatibility.minimum !== "13" || sys.compatibility.verified !== "14") {
    errors.push(`${manifestName}: compatibility must be {minimum: "13", verified: "14"}`);
  }
  if (sys.socket !== true) errors.push(`${manifestName}: "socket" must be true`);
  if (
    typeof sys.download === "string" &&
    typeof sys.version === "string" &&
    !sys.download.includes(`v${sys.version}`)
  ) {
    errors.push(`${manifestName}: download URL does not name version v${sys.version}`);
  }

  // documentTypes.
  const documentTypes = isObject(sys.documentTypes) ? sys.documentTypes : {};
  if (!isObject(sys.documentTypes)) errors.push(`${manifestName}: documentTypes is missing`);
  for (const [doc, types] of Object.entries(REQUIRED_DOCUMENT_TYPES)) {
    const declared = documentTypes[doc];
    for (const t of types) {
      if (!isObject(declared) || !(t in declared))
        errors.push(`${manifestName}: documentTypes.${doc} is missing required type "${t}"`);
    }
  }

  // esmodules: each is produced by the build from src/<name>.ts (rollup.config.mjs).
  if (!Array.isArray(sys.esmodules) || sys.esmodules.length === 0)
    errors.push(`${manifestName}: esmodules must list the bundled entry`);
  for (const mod of Array.isArray(sys.esmodules) ? sys.esmodules : []) {
    const src = `src/${String(mod).replace(/\.m?js$/, ".ts")}`;
    if (!exists(path.join(root, src)))
      errors.push(`${manifestName}: esmodules "${mod}" is not produced by the build (no ${src})`);
  }
  // styles: copied verbatim.
  for (const css of Array.isArray(sys.styles) ? sys.styles : []) {
    if (!exists(path.join(root, String(css)))) errors.push(`${manifestName}: styles "${css}" does not exist`);
  }
  // languages: exist, parse, and label every declared sub-type.
  if (!Array.isArray(sys.languages) || sys.languages.length === 0)
    errors.push(`${manifestName}: languages must list at least lang/en.json`);
  for (const lang of Array.isArray(sys.languages) ? sys.languages : []) {
    const p = isObject(lang) ? lang.path : undefined;
    if (typeof p !== "string") {
      errors.push(`${manifestName}: languages entry ${JSON.stringify(lang)} has no path`);
      continue;
    }
    if (!exists(path.join(root, p))) {
      errors.push(`${manifestName}: languages "${p}" does not exist`);
      continue;
    }
    const l = readJson(path.join(root, p));
    if (l.error || !isObject(l.value)) {
      errors.push(`${p}: not valid JSON: ${l.error ?? "not an object"}`);
      continue;
    }
    for (const [doc, types] of Object.entries(documentTypes)) {
      for (const t of isObject(types) ? Object.keys(types) : []) {
        if (!hasLangKey(l.value, `TYPES.${doc}.${t}`)) errors.push(`${p}: missing label TYPES.${doc}.${t}`);
      }
    }
  }
  // Other referenced files: the licence, the worlds' background and the package media are paths too (issue 37).
  for (const key of ["readme", "changelog", "license", "background"]) {
    if (typeof sys[key] === "string" && !exists(path.join(root, sys[key])))
      errors.push(`${manifestName}: ${key} "${sys[key]}" does not exist`);
  }
  for (const [i, m] of (Array.isArray(sys.media) ? sys.media : []).entries()) {
    const url = isObject(m) ? m.url : undefined;
    if (typeof url !== "string" || !exists(path.join(root, url)))
      errors.push(`${manifestName}: media[${i}].url ${JSON.stringify(url)} does not exist`);
  }
  if (typeof sys.secondaryTokenAttribute !== "string" || !sys.secondaryTokenAttribute)
    errors.push(`${manifestName}: "secondaryTokenAttribute" must name the tokens' second bar`);
  const hot = isObject(sys.flags) && isObject(sys.flags.hotReload) ? sys.flags.hotReload : null;
  if (!hot) errors.push(`${manifestName}: flags.hotReload is missing (npm run dev reloads styles, templates and lang)`);
  for (const p of hot && Array.isArray(hot.paths) ? hot.paths : []) {
    if (!exists(path.join(root, String(p))))
      errors.push(`${manifestName}: flags.hotReload.paths "${p}" does not exist`);
  }
  // packs.
  if (sys.packs !== undefined && !Array.isArray(sys.packs)) errors.push(`${manifestName}: packs must be an array`);
  const names = new Set();
  for (const pack of Array.isArray(sys.packs) ? sys.packs : []) {
    if (!isObject(pack)) {
      errors.push(`${manifestName}: packs entry ${JSON.stringify(pack)} is not an object`);
      continue;
    }
    if (names.has(pack.name)) errors.push(`${manifestName}: duplicate pack name "${pack.name}"`);
    names.add(pack.name);
    validatePackSources(root, pack, packsSrcDir, documentTypes, errors);
  }
  return errors;
}

/**
 * After a build: every path that dist/system.json names must exist in dist.
 * @param {string} distDir
 * @returns {string[]} problems; empty when complete
 */
export function validateDist(distDir) {
  const parsed = readJson(path.join(distDir, "system.json"));
  if (parsed.error || !isObject(parsed.value))
    return [`dist/system.json: missing or invalid (${parsed.error ?? "not an object"})`];
  const sys = parsed.value;
  /** @type {string[]} */
  const errors = [];
  /** @param {string} what @param {unknown} p */
  const need = (what, p) => {
    if (typeof p !== "string" || !exists(path.join(distDir, p)))
      errors.push(`dist/system.json ${what} "${String(p)}" is missing from dist/`);
  };
  for (const m of sys.esmodules ?? []) need("esmodules", m);
  for (const s of sys.styles ?? []) need("styles", s);
  for (const l of sys.languages ?? []) need("languages", isObject(l) ? l.path : l);
  for (const p of sys.packs ?? []) need(`packs "${isObject(p) ? p.name : p}"`, isObject(p) ? p.path : p);
  return errors;
}
