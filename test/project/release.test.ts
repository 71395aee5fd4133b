/**
 * [SYS-RELEASE] The release path, on a temporary copy of the repository: the workflow runs on a version
 * tag through npm ci → build → npm test → the release script's steps, every script it calls exists, a
 * tag that is not system.json's version fails, the released manifest carries the versioned download
 * URL (and is the system.json inside the released zip), the CHANGELOG section becomes the notes, and
 * publishing in dry-run mode prints the package release API request it would send (the token masked).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync, zipSync } from "fflate";
import yaml from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../stand-ins/i18n.js";

const WORKFLOW = path.join(REPO_ROOT, ".github/workflows/release.yml");
const REPO = "someone/d20-combat-fork";

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  env?: Record<string, string>;
}
interface Workflow {
  on: { push?: { tags?: string[] } };
  jobs: Record<string, { steps: Step[]; needs?: string; env?: Record<string, string> }>;
}

const workflow = yaml.load(readFileSync(WORKFLOW, "utf8")) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
const runs = steps.map((s) => s.run ?? "").filter(Boolean);

let tmp: string;
let version: string;

/** The files of a built zip: system.json and every file its manifest names (the paths release:check looks for). */
function builtZipFiles(system: Uint8Array, leaveOut: string[] = []): Record<string, Uint8Array> {
  const text = (s: string) => new TextEncoder().encode(s);
  const files: Record<string, Uint8Array> = {
    "system.json": system,
    "d20-combat.mjs": text("export {};\n"),
    "styles/d20-combat.css": text(""),
    "lang/en.json": text("{}"),
    "templates/sheets/actor.hbs": text(""),
    LICENSE: text("MIT"),
    "assets/media/background.svg": text("<svg/>"),
    "assets/media/character-sheet-13th-age.png": text("png"),
    "assets/media/chat-attack-card.png": text("png"),
  };
  for (const f of leaveOut) delete files[f];
  return files;
}

/** Run the release script in the temporary copy. */
function release(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [path.join(tmp, "scripts/release.mjs"), ...args, "--root", tmp], {
    cwd: tmp,
    encoding: "utf8",
    env: { ...process.env, GITHUB_REPOSITORY: "", FOUNDRY_PACKAGE_RELEASE_TOKEN: "", ...env },
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), "d20c-release-test-"));
  for (const entry of ["system.json", "package.json", "CHANGELOG.md", "scripts", ".github"]) {
    cpSync(path.join(REPO_ROOT, entry), path.join(tmp, entry), { recursive: true });
  }
  // The release script's one dependency, and a built dist/ (a zip holding the source system.json).
  mkdirSync(path.join(tmp, "node_modules"));
  cpSync(path.join(REPO_ROOT, "node_modules/fflate"), path.join(tmp, "node_modules/fflate"), { recursive: true });
  mkdirSync(path.join(tmp, "dist"));
  const system = readFileSync(path.join(tmp, "system.json"));
  writeFileSync(path.join(tmp, "dist/d20-combat.zip"), zipSync(builtZipFiles(system)));
  version = (JSON.parse(system.toString("utf8")) as { version: string }).version;
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("[SYS-RELEASE] the release workflow", () => {
  it("runs on version tags: npm ci, build and npm test before any release step", () => {
    expect(workflow.on.push?.tags).toEqual(["v*"]);
    const at = (re: RegExp) => runs.findIndex((r) => re.test(r));
    const order = [/^npm ci$/, /^npm run build$/, /^npm test$/, /release\.mjs verify/, /release\.mjs manifest/];
    const positions = order.map(at);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("every script it calls exists (node scripts/…, npm run …, release.mjs commands)", () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const called = runs.join("\n");
    for (const m of called.matchAll(/node (scripts\/[\w./-]+)/g)) {
      expect(() => readFileSync(path.join(REPO_ROOT, m[1] as string)), m[1]).not.toThrow();
    }
    for (const m of called.matchAll(/npm run ([\w:-]+)/g)) expect(pkg.scripts[m[1] as string], m[1]).toBeDefined();
    expect(pkg.scripts["release:check"]).toBe("node scripts/release.mjs check");
    const commands = [...called.matchAll(/release\.mjs (\w+)/g)].map((m) => m[1]);
    expect(new Set(commands)).toEqual(new Set(["verify", "manifest", "notes", "publish"]));
    const script = readFileSync(path.join(REPO_ROOT, "scripts/release.mjs"), "utf8");
    for (const command of commands) expect(script, command).toContain(`case "${command ?? ""}":`);
  });

  it("attaches system.json and d20-combat.zip with the notes, and publishes only when the token secret is set", () => {
    const attach = runs.find((r) => r.includes("gh release create")) ?? "";
    expect(attach).toContain("release/system.json");
    expect(attach).toContain("release/d20-combat.zip");
    expect(attach).toContain("--notes-file release/notes.md");
    const publish = steps.find((s) => s.run?.includes("release.mjs publish"));
    expect(publish?.if).toContain("env.FOUNDRY_PACKAGE_RELEASE_TOKEN != ''");
    const job = Object.values(workflow.jobs).find((j) => j.steps.includes(publish as Step));
    expect(job?.env?.FOUNDRY_PACKAGE_RELEASE_TOKEN).toBe("${{ secrets.FOUNDRY_PACKAGE_RELEASE_TOKEN }}");
  });
});

describe("[SYS-RELEASE] the release script on a temporary copy", () => {
  it("a tag that does not match system.json's version fails; the matching tag passes", () => {
    const wrong = release(["verify", "--tag", "v9.9.9"]);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain(`tag "v9.9.9" does not match system.json's version ${version}`);
    expect(release(["verify", "--tag", version]).code).toBe(1); // the "v" is required
    const right = release(["verify", "--tag", `v${version}`]);
    expect(right.code).toBe(0);
  });

  it("a system.json / package.json version mismatch fails", () => {
    const pkgPath = path.join(tmp, "package.json");
    const original = readFileSync(pkgPath, "utf8");
    try {
      writeFileSync(pkgPath, original.replace(`"version": "${version}"`, '"version": "0.0.0-other"'));
      const r = release(["verify", "--tag", `v${version}`]);
      expect(r.code).toBe(1);
      expect(r.out).toContain("package.json's version 0.0.0-other differs");
    } finally {
      writeFileSync(pkgPath, original);
    }
  });

  it("the released manifest has the versioned download URL and is the system.json inside the released zip", () => {
    const out = path.join(tmp, "release");
    const r = release(["manifest", "--tag", `v${version}`, "--repo", REPO, "--out", out]);
    expect(r.code, r.out).toBe(0);
    const source = JSON.parse(readFileSync(path.join(tmp, "system.json"), "utf8")) as Record<string, unknown>;
    const released = JSON.parse(readFileSync(path.join(out, "system.json"), "utf8")) as Record<string, unknown>;
    expect(released.download).toBe(`https://github.com/${REPO}/releases/download/v${version}/d20-combat.zip`);
    expect(released.manifest).toBe(`https://github.com/${REPO}/releases/latest/download/system.json`);
    const { download: _d, manifest: _m, ...rest } = released;
    const { download: _sd, manifest: _sm, ...sourceRest } = source;
    expect(rest).toEqual(sourceRest);
    const zip = unzipSync(readFileSync(path.join(out, "d20-combat.zip")));
    expect(JSON.parse(new TextDecoder().decode(zip["system.json"]))).toEqual(released);
    expect(Object.keys(zip).sort()).toEqual(Object.keys(builtZipFiles(new Uint8Array())).sort());
  });

  it("the CHANGELOG section of the version becomes the release notes ([Unreleased] until it has one)", () => {
    const changelog = path.join(tmp, "CHANGELOG.md");
    const original = readFileSync(changelog, "utf8");
    const notesFile = path.join(tmp, "notes.md");
    try {
      const unreleased = release(["notes", "--tag", `v${version}`, "--out", notesFile]);
      expect(unreleased.code).toBe(0);
      expect(unreleased.out).toContain("using [Unreleased]");
      expect(readFileSync(notesFile, "utf8")).toContain("### Added");
      writeFileSync(
        changelog,
        original.replace(
          "[Unreleased]: https",
          `## [${version}] - 2026-12-01\n\n- Only this line.\n\n[Unreleased]: https`,
        ),
      );
      expect(release(["notes", "--tag", `v${version}`, "--out", notesFile]).code).toBe(0);
      expect(readFileSync(notesFile, "utf8")).toBe("- Only this line.\n");
    } finally {
      writeFileSync(changelog, original);
    }
  });

  it("publish --dry-run prints the package release API request with the compatibility, the token masked", () => {
    const r = release(["publish", "--tag", `v${version}`, "--repo", REPO, "--dry-run"], {
      FOUNDRY_PACKAGE_RELEASE_TOKEN: "fvttp_secretsecretsecret",
    });
    expect(r.code, r.out).toBe(0);
    expect(r.out).not.toContain("secretsecret");
    const printed = JSON.parse(r.out.slice(r.out.indexOf("{"))) as {
      url: string;
      method: string;
      headers: Record<string, string>;
      body: { id: string; release: Record<string, unknown> };
    };
    // The host the package release article names (foundryvtt.com/article/package-release-api).
    expect(printed.url).toBe("https://foundryvtt.com/_api/packages/release_version/");
    expect(printed.method).toBe("POST");
    expect(printed.headers["Content-Type"]).toBe("application/json");
    expect(printed.headers.Authorization).toMatch(/^fvttp_…\(masked\)$/);
    expect(printed.body).toEqual({
      id: "d20-combat",
      release: {
        version,
        manifest: `https://github.com/${REPO}/releases/download/v${version}/system.json`,
        notes: `https://github.com/${REPO}/releases/tag/v${version}`,
        compatibility: { minimum: "13", verified: "14" },
      },
    });
  });

  it("publish without a token is skipped, not failed (no package release token configured)", () => {
    const r = release(["publish", "--tag", `v${version}`, "--repo", REPO]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("publish skipped: FOUNDRY_PACKAGE_RELEASE_TOKEN is not set");
  });

  it("release:check runs every check without building, uploading or sending", () => {
    const r = release(["check", "--skip-build", "--repo", REPO]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(`✓ tag v${version} matches`);
    expect(r.out).toContain("publish (dry run)");
    expect(r.out).toContain("release:check passed");
    expect(r.out).toContain("✓ manifest fields: v13 and v14");
  });

  it("release:check refuses a manifest key neither v13 nor v14 defines, a wrong type, and a media or licence path missing from the zip", () => {
    const good = readFileSync(path.join(tmp, "system.json"), "utf8");
    const zip = path.join(tmp, "dist/d20-combat.zip");
    const goodZip = readFileSync(zip);
    try {
      const broken = { ...(JSON.parse(good) as Record<string, unknown>), tokenBar: "hp", socket: "yes" };
      writeFileSync(path.join(tmp, "system.json"), JSON.stringify(broken, null, 2));
      writeFileSync(
        zip,
        zipSync(
          builtZipFiles(new TextEncoder().encode(JSON.stringify(broken)), [
            "LICENSE",
            "assets/media/chat-attack-card.png",
          ]),
        ),
      );
      const r = release(["check", "--skip-build", "--repo", REPO]);
      expect(r.code).not.toBe(0);
      for (const gen of [13, 14]) {
        expect(r.out).toContain(`system.json (v${gen}): "tokenBar" is not a v${gen} system manifest field`);
        expect(r.out).toContain(`system.json (v${gen}): "socket" must be a boolean`);
        expect(r.out).toContain(`system.json (v${gen}): license "LICENSE" is not in the zip`);
        expect(r.out).toContain(
          `system.json (v${gen}): media[2].url "assets/media/chat-attack-card.png" is not in the zip`,
        );
      }
    } finally {
      writeFileSync(path.join(tmp, "system.json"), good);
      writeFileSync(zip, goodZip);
    }
  });
});
