/**
 * [SYS-MONSTERS] A routine set through the power sheet's form: its rows (each power with its count,
 * each follow-up) come back as the stored routine, blank rows dropped, none left = no routine;
 * the sheet shows the stored rows and one blank row of each to add one.
 */
import { describe, expect, it } from "vitest";
import { routineFromForm } from "../../src/applications/sheets/power-effects.js";

describe("[SYS-MONSTERS] the power sheet's routine rows", () => {
  it("[SYS-MONSTERS] rows with a power are kept (count at least 1, unknown when = hit); blank rows dropped; none = null", () => {
    expect(
      routineFromForm({
        attacks: { 0: { power: " Claw ", count: "2" }, 1: { power: "", count: 1 } },
        followUps: { 0: { power: "Bite", when: "allHit", of: "Claw" }, 1: { power: "", when: "hit", of: "" } },
      }),
    ).toEqual({ attacks: [{ power: "Claw", count: 2 }], followUps: [{ power: "Bite", when: "allHit", of: "Claw" }] });
    expect(
      routineFromForm({
        attacks: [{ power: "Bite", count: 0 }],
        followUps: [{ power: "Gore", when: "later", of: "" }],
      }),
    ).toEqual({
      attacks: [{ power: "Bite", count: 1 }],
      followUps: [{ power: "Gore", when: "hit", of: "" }],
    });
    expect(routineFromForm({ attacks: { 0: { power: "", count: 1 } }, followUps: { 0: { power: "" } } })).toBeNull();
  });
});
