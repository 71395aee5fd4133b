// @ts-check
/**
 * [SYS-RELEASE] A system manifest checked against the fields Foundry's manifest data defines, per
 * generation, for `release:check`: no unknown key, each key of the right type, and every local
 * path it names (`license`, `background`, `media[].url` / `thumbnail`, `flags.hotReload.paths`,
 * `esmodules`, `styles`, `languages[].path`) present in the released zip.
 *
 * The fields follow the API pages of the package manifest data:
 * - v13: https://foundryvtt.com/api/v13/interfaces/foundry.packages.types.SystemManifestData.html
 *   (PackageManifestData + _SystemManifestData; the server's `BasePackage.defineSchema`)
 * - v14: https://foundryvtt.com/api/v14/interfaces/foundry.packages.types.SystemManifestData.html
 * Both generations define the same system keys today; a key one generation adds goes in its set only.
 */

/** @typedef {"string" | "boolean" | "array" | "object"} Kind */

/** Keys every package manifest may carry (PackageManifestData), with their JSON kinds. */
const PACKAGE_FIELDS = /** @type {const} */ ({
  id: "string",
  title: "string",
  description: "string",
  version: "string",
  authors: "array",
  url: "string",
  license: "string",
  readme: "string",
  bugs: "string",
  changelog: "string",
  flags: "object",
  media: "array",
  compatibility: "object",
  scripts: "array",
  esmodules: "array",
  styles: "array",
  languages: "array",
  packs: "array",
  packFolders: "array",
  relationships: "object",
  socket: "boolean",
  manifest: "string",
  download: "string",
  protected: "boolean",
  exclusive: "boolean",
  persistentStorage: "boolean",
});

/** Keys only a system's manifest carries (_SystemManifestData). */
const SYSTEM_FIELDS = /** @type {const} */ ({
  background: "string",
  documentTypes: "object",
  grid: "object",
  initiative: "string",
  primaryTokenAttribute: "string",
  secondaryTokenAttribute: "string",
});

/** @type {Record<13 | 14, Record<string, Kind>>} */
export const MANIFEST_FIELDS = {
  13: { ...PACKAGE_FIELDS, ...SYSTEM_FIELDS },
  14: { ...PACKAGE_FIELDS, ...SYSTEM_FIELDS },
};

/** The keys of one `media` entry (PackageMediaData) and its kinds. */
const MEDIA_FIELDS = /** @type {Record<string, Kind>} */ ({
  type: "string",
  url: "string",
  caption: "string",
  loop: "boolean",
  thumbnail: "string",
  flags: "object",
});

/** The media types Foundry's package listing shows. */
export const MEDIA_TYPES = ["cover", "icon", "screenshot", "setup", "video"];

/** The keys of `grid` and their kinds. */
const GRID_FIELDS = /** @type {Record<string, "number" | "string">} */ ({
  type: "number",
  distance: "number",
  units: "string",
  diagonals: "number",
});

/** @param {unknown} v @returns {Kind | "number" | "null" | "undefined"} */
function kindOf(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  const t = typeof v;
  return t === "string" || t === "boolean" || t === "number" || t === "object" ? t : "undefined";
}

/** @param {string} p */
function isUrl(p) {
  return /^https?:\/\//.test(p);
}

/**
 * Problems of a manifest for one generation; `has(path)` answers whether the zip holds a file (or
 * folder) at that path. Empty when the manifest is valid.
 * @param {Record<string, unknown>} manifest
 * @param {13 | 14} generation
 * @param {(path: string) => boolean} has
 * @returns {string[]}
 */
export function manifestProblems(manifest, generation, has) {
  const fields = MANIFEST_FIELDS[generation];
  const where = `system.json (v${generation})`;
  /** @type {string[]} */
  const out = [];
  for (const [key, value] of Object.entries(manifest)) {
    const want = fields[key];
    if (!want) out.push(`${where}: "${key}" is not a v${generation} system manifest field`);
    else if (kindOf(value) !== want) out.push(`${where}: "${key}" must be ${want === "array" ? "an" : "a"} ${want}`);
  }
  /** @param {string} what @param {unknown} p */
  const inZip = (what, p) => {
    if (typeof p !== "string" || !p) out.push(`${where}: ${what} has no path`);
    else if (!isUrl(p) && !has(p)) out.push(`${where}: ${what} "${p}" is not in the zip`);
  };
  if (typeof manifest.license === "string") inZip("license", manifest.license);
  if (typeof manifest.background === "string") inZip("background", manifest.background);
  for (const m of Array.isArray(manifest.esmodules) ? manifest.esmodules : []) inZip("esmodules", m);
  for (const s of Array.isArray(manifest.styles) ? manifest.styles : []) inZip("styles", s);
  for (const l of Array.isArray(manifest.languages) ? manifest.languages : [])
    inZip("languages", /** @type {{ path?: unknown }} */ (l)?.path);
  (Array.isArray(manifest.media) ? manifest.media : []).forEach((m, i) => {
    const entry = /** @type {Record<string, unknown>} */ (m);
    if (kindOf(entry) !== "object") {
      out.push(`${where}: media[${i}] must be an object`);
      return;
    }
    for (const [key, value] of Object.entries(entry)) {
      const want = MEDIA_FIELDS[key];
      if (!want) out.push(`${where}: media[${i}].${key} is not a media field`);
      else if (kindOf(value) !== want) out.push(`${where}: media[${i}].${key} must be a ${want}`);
    }
    if (!MEDIA_TYPES.includes(String(entry.type)))
      out.push(`${where}: media[${i}].type must be one of ${MEDIA_TYPES.join(", ")}`);
    inZip(`media[${i}].url`, entry.url);
    if (entry.thumbnail !== undefined) inZip(`media[${i}].thumbnail`, entry.thumbnail);
  });
  const grid = /** @type {Record<string, unknown> | undefined} */ (manifest.grid);
  if (kindOf(grid) === "object")
    for (const [key, value] of Object.entries(/** @type {Record<string, unknown>} */ (grid))) {
      const want = GRID_FIELDS[key];
      if (!want) out.push(`${where}: grid.${key} is not a grid field`);
      else if (kindOf(value) !== want) out.push(`${where}: grid.${key} must be a ${want}`);
    }
  const flags = /** @type {Record<string, unknown> | undefined} */ (manifest.flags);
  const hot = /** @type {Record<string, unknown> | undefined} */ (flags?.hotReload);
  if (hot !== undefined) {
    for (const key of ["extensions", "paths"])
      if (!Array.isArray(hot[key]) || !(/** @type {unknown[]} */ (hot[key]).every((v) => typeof v === "string")))
        out.push(`${where}: flags.hotReload.${key} must be a list of strings`);
    for (const p of Array.isArray(hot.paths) ? hot.paths : []) inZip("flags.hotReload.paths", p);
  }
  return out;
}
