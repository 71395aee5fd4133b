/**
 * [SYS-WORDS] The stat block's folds (its long procedure list, its unprinted lines) stay as the
 * user left them across the renders an update causes (issue 45): the sheet hears each `toggle`,
 * remembers the fold by its `data-stat-fold`, and sets it again after the next render.
 */
import { describe, expect, it } from "vitest";
import { foldToggled, restoreFolds } from "../../src/applications/sheets/folds.js";

const details = (fold: string | undefined, open: boolean) => ({
  tagName: "DETAILS",
  open,
  dataset: (fold ? { statFold: fold } : {}) as DOMStringMap,
});

describe("[SYS-WORDS] stat block folds survive a render", () => {
  it("[SYS-WORDS] a fold the GM opened is open again after the render; one they closed is closed; an untouched one keeps the template's default", () => {
    const folds = new Map<string, boolean>();
    foldToggled(details("procedures", true) as never, folds);
    foldToggled(details("unprinted", false) as never, folds);
    // an attack row's <details> and a non-details element are not folds
    foldToggled(details(undefined, true) as never, folds);
    foldToggled({ tagName: "DIV", open: true, dataset: { statFold: "x" } } as never, folds);
    expect([...folds]).toEqual([
      ["procedures", true],
      ["unprinted", false],
    ]);
    // the next render writes each fold as the template has it (procedures closed, unprinted open, another closed)
    const rendered = [details("procedures", false), details("unprinted", true), details("other", false)];
    restoreFolds({ querySelectorAll: () => rendered }, folds);
    expect(rendered.map((d) => d.open)).toEqual([true, false, false]);
  });
});
