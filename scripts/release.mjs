// @ts-check
/**
 * Release steps, called by .github/workflows/release.yml on a version tag and by
 * `npm run release:check` locally (docs/releasing.md):
 *
 *   verify   --tag vX.Y.Z                 the tag is "v" + system.json's version (and package.json's)
 *   notes    --tag vX.Y.Z --out FILE      the CHANGELOG section of that version → release notes
 *   manifest --tag vX.Y.Z --repo O/R --out DIR
 *                                        DIR/system.json: system.json with the versioned download URL
 *                                        (…/releases/download/vX.Y.Z/d20-combat.zip); DIR/d20-combat.zip:
 *                                        dist's zip with that same system.json inside
 *   publish  --tag vX.Y.Z --repo O/R [--dry-run] [--validate]
 *                                        POST the version to the Foundry package release API with its
 *                                        compatibility; needs FOUNDRY_PACKAGE_RELEASE_TOKEN (skipped, not
 *                                        failed, without it). --dry-run prints the request instead of
 *                                        sending it; --validate sends it with the API's own "dry-run" flag.
 *   check    [--tag vX.Y.Z] [--repo O/R] [--skip-build]
 *                                        everything above without network or upload: build, verify, notes,
 *                                        manifest into a temporary folder, publish --dry-run.
 *
 * `--root DIR` runs against another copy of the repository (the tests use a temporary copy).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync, zipSync } from "fflate";
import { manifestProblems } from "./lib/manifest-fields.mjs";

export const ZIP_NAME = "d20-combat.zip";
/** The Foundry package release API (foundryvtt.com/article/package-release-api). */
export const RELEASE_API_URL = "https://foundryvtt.com/_api/packages/release_version/";
export const TOKEN_ENV = "FOUNDRY_PACKAGE_RELEASE_TOKEN";

/** @param {string} root @param {string} rel */
function readJson(root, rel) {
  return JSON.parse(readFileSync(path.join(root, rel), "utf8"));
}

/** A release step's refusal: printed as one line, exit code 1. */
export class ReleaseError extends Error {}

/** The tag for a version. @param {string} version */
export function tagFor(version) {
  return `v${version}`;
}

/**
 * The tag must be "v" + system.json's version, and package.json must carry the same version.
 * @param {string} root @param {string} tag
 * @returns {string} the version
 */
export function verifyTag(root, tag) {
  const system = readJson(root, "system.json");
  const pkg = readJson(root, "package.json");
  const version = String(system.version ?? "");
  if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version)) {
    throw new ReleaseError(`system.json's version "${version}" is not a semantic version`);
  }
  if (tag !== tagFor(version)) {
    throw new ReleaseError(
      `tag "${tag}" does not match system.json's version ${version} (expected ${tagFor(version)})`,
    );
  }
  if (pkg.version !== version) {
    throw new ReleaseError(`package.json's version ${pkg.version} differs from system.json's ${version}`);
  }
  return version;
}

/**
 * The CHANGELOG section of `version` ("## [x.y.z] …" up to the next "## "); while the version has no
 * section of its own yet, the [Unreleased] section (with a warning).
 * @param {string} root @param {string} version
 * @returns {{ notes: string, section: string }}
 */
export function releaseNotes(root, version) {
  const text = readFileSync(path.join(root, "CHANGELOG.md"), "utf8");
  /** @param {string} name */
  const section = (name) => {
    const lines = text.split("\n");
    const start = lines.findIndex((l) => l.startsWith(`## [${name}]`));
    if (start < 0) return null;
    let end = lines.findIndex((l, i) => i > start && (l.startsWith("## ") || /^\[[^\]]+\]: /.test(l)));
    if (end < 0) end = lines.length;
    return lines
      .slice(start + 1, end)
      .join("\n")
      .trim();
  };
  const own = section(version);
  if (own) return { notes: own, section: version };
  const unreleased = section("Unreleased");
  if (unreleased) return { notes: unreleased, section: "Unreleased" };
  throw new ReleaseError(`CHANGELOG.md has no section for ${version} (nor an [Unreleased] one)`);
}

/**
 * The released manifest: system.json with the versioned download URL; the manifest URL keeps
 * pointing at the latest release, so installed worlds find the next version.
 * @param {Record<string, unknown>} system @param {string} repo @param {string} tag
 */
export function releasedManifest(system, repo, tag) {
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) throw new ReleaseError(`"${repo}" is not a GitHub owner/name`);
  return {
    ...system,
    manifest: `https://github.com/${repo}/releases/latest/download/system.json`,
    download: `https://github.com/${repo}/releases/download/${tag}/${ZIP_NAME}`,
  };
}

/**
 * Write DIR/system.json and DIR/d20-combat.zip (dist's zip, its system.json replaced by the released one).
 * @param {string} root @param {string} tag @param {string} repo @param {string} outDir
 */
export function writeReleaseAssets(root, tag, repo, outDir) {
  verifyTag(root, tag);
  const zipPath = path.join(root, "dist", ZIP_NAME);
  if (!existsSync(zipPath)) throw new ReleaseError(`dist/${ZIP_NAME} is missing: run npm run build first`);
  const manifest = releasedManifest(readJson(root, "system.json"), repo, tag);
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  const files = unzipSync(readFileSync(zipPath));
  if (!files["system.json"]) throw new ReleaseError(`dist/${ZIP_NAME} has no system.json at its top level`);
  files["system.json"] = new TextEncoder().encode(manifestText);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, "system.json"), manifestText);
  writeFileSync(path.join(outDir, ZIP_NAME), zipSync(files, { level: 9 }));
  return manifest;
}

/**
 * The released zip's system.json against the v13 and v14 manifest fields (scripts/lib/manifest-fields.mjs):
 * no unknown key, right types, every local path it names inside the zip.
 * @param {string} zipPath
 */
export function checkManifestFields(zipPath) {
  const files = unzipSync(readFileSync(zipPath));
  const names = Object.keys(files);
  const manifestBytes = files["system.json"];
  if (!manifestBytes) throw new ReleaseError(`${path.basename(zipPath)} has no system.json at its top level`);
  const manifest = JSON.parse(new TextDecoder().decode(manifestBytes));
  /** @param {string} p */
  const has = (p) => {
    const rel = p.replace(/^\.\//, "").replace(/\/$/, "");
    return names.some((n) => n === rel || n.startsWith(`${rel}/`));
  };
  const problems = [...manifestProblems(manifest, 13, has), ...manifestProblems(manifest, 14, has)];
  if (problems.length) throw new ReleaseError(`the manifest does not pass:\n${problems.join("\n")}`);
}

/**
 * The package release API request for this version (the token is the Authorization header).
 * @param {Record<string, unknown>} system @param {string} repo @param {string} tag @param {string} token
 * @param {{ validateOnly?: boolean }} [options]
 */
export function publishRequest(system, repo, tag, token, options = {}) {
  const compatibility = /** @type {Record<string, unknown>} */ (system.compatibility ?? {});
  /** @type {Record<string, string>} */
  const compat = {};
  for (const key of ["minimum", "verified", "maximum"]) {
    if (compatibility[key] !== undefined && compatibility[key] !== "") compat[key] = String(compatibility[key]);
  }
  return {
    url: RELEASE_API_URL,
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: token },
    body: {
      id: system.id,
      ...(options.validateOnly ? { "dry-run": true } : {}),
      release: {
        version: system.version,
        manifest: `https://github.com/${repo}/releases/download/${tag}/system.json`,
        notes: `https://github.com/${repo}/releases/tag/${tag}`,
        compatibility: compat,
      },
    },
  };
}

/** The request as printed: the token masked. @param {ReturnType<typeof publishRequest>} request */
export function printableRequest(request) {
  const auth = request.headers.Authorization;
  return JSON.stringify(
    {
      ...request,
      headers: { ...request.headers, Authorization: auth ? `${auth.slice(0, 6)}…(masked)` : "(no token)" },
    },
    null,
    2,
  );
}

/**
 * Publish (or print, or skip without a token).
 * @param {string} root @param {string} tag @param {string} repo
 * @param {{ dryRun: boolean, validateOnly: boolean, token: string | undefined, log: (s: string) => void }} options
 */
export async function publish(root, tag, repo, options) {
  verifyTag(root, tag);
  const system = readJson(root, "system.json");
  const token = options.token ?? "";
  const request = publishRequest(system, repo, tag, token, { validateOnly: options.validateOnly });
  if (options.dryRun) {
    options.log(`publish (dry run): the request that would be sent:\n${printableRequest(request)}`);
    return "dry-run";
  }
  if (!token) {
    options.log(`publish skipped: ${TOKEN_ENV} is not set (no package release token configured)`);
    return "skipped";
  }
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: JSON.stringify(request.body),
  });
  const text = await response.text();
  /** @type {{ status?: string, errors?: unknown, page?: string }} */
  let json = {};
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: reported below
  }
  if (!response.ok || json.status !== "success") {
    throw new ReleaseError(`the package release API refused the release (HTTP ${response.status}): ${text}`);
  }
  options.log(`published ${system.id} ${system.version}${json.page ? `: ${json.page}` : ""}`);
  return "published";
}

/** @param {string[]} argv */
function parseArgs(argv) {
  const [command = "", ...rest] = argv;
  /** @type {Record<string, string | boolean>} */
  const opts = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? "";
    if (!arg.startsWith("--")) throw new ReleaseError(`unexpected argument "${arg}"`);
    const key = arg.slice(2);
    const next = rest[i + 1];
    if (next !== undefined && !next.startsWith("--")) {
      opts[key] = next;
      i++;
    } else opts[key] = true;
  }
  return { command, opts };
}

/** @param {Record<string, string | boolean>} opts @param {string} key */
function str(opts, key) {
  const v = opts[key];
  return typeof v === "string" ? v : undefined;
}

/** The repository "owner/name": --repo, GITHUB_REPOSITORY, or system.json's url. @param {string} root @param {Record<string, string | boolean>} opts */
function repoOf(root, opts) {
  const given = str(opts, "repo") ?? process.env.GITHUB_REPOSITORY;
  if (given) return given;
  const url = String(readJson(root, "system.json").url ?? "");
  const m = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+?)\/?$/.exec(url);
  if (!m?.[1]) throw new ReleaseError("no repository: pass --repo owner/name");
  return m[1];
}

/** @param {string[]} argv @param {(s: string) => void} log */
export async function main(argv, log = console.log) {
  const { command, opts } = parseArgs(argv);
  const root = path.resolve(str(opts, "root") ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const version = String(readJson(root, "system.json").version ?? "");
  const tag = str(opts, "tag") ?? process.env.RELEASE_TAG ?? tagFor(version);
  switch (command) {
    case "verify":
      log(`tag ${tag} matches system.json's version ${verifyTag(root, tag)}`);
      return;
    case "notes": {
      const { notes, section } = releaseNotes(root, verifyTag(root, tag));
      if (section !== version) log(`warning: CHANGELOG.md has no [${version}] section yet; using [${section}]`);
      const out = str(opts, "out");
      if (out) writeFileSync(path.resolve(out), `${notes}\n`);
      else log(notes);
      return;
    }
    case "manifest": {
      const out = path.resolve(str(opts, "out") ?? path.join(root, "release"));
      const manifest = writeReleaseAssets(root, tag, repoOf(root, opts), out);
      log(`wrote ${path.join(out, "system.json")} (download ${manifest.download}) and ${path.join(out, ZIP_NAME)}`);
      return;
    }
    case "publish":
      await publish(root, tag, repoOf(root, opts), {
        dryRun: opts["dry-run"] === true,
        validateOnly: opts.validate === true,
        token: process.env[TOKEN_ENV],
        log,
      });
      return;
    case "check": {
      if (opts["skip-build"] !== true) {
        const r = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" });
        if (r.status !== 0) throw new ReleaseError("npm run build failed");
      }
      const repo = repoOf(root, opts);
      log(`✓ tag ${tag} matches system.json's version ${verifyTag(root, tag)}`);
      const { notes, section } = releaseNotes(root, version);
      log(`✓ release notes: CHANGELOG.md [${section}] (${notes.split("\n").length} lines)`);
      const tmp = mkdtempSync(path.join(tmpdir(), "d20c-release-"));
      try {
        const manifest = writeReleaseAssets(root, tag, repo, tmp);
        log(`✓ released manifest: download ${manifest.download}`);
        checkManifestFields(path.join(tmp, ZIP_NAME));
        log("✓ manifest fields: v13 and v14 system manifest fields, every path it names in the zip");
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
      await publish(root, tag, repo, { dryRun: true, validateOnly: false, token: process.env[TOKEN_ENV], log });
      log("release:check passed");
      return;
    }
    default:
      throw new ReleaseError(`unknown command "${command}" (verify, notes, manifest, publish, check)`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(`release: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
