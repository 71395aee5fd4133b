/**
 * Shows a self-test report: the same HTML (templates/self-test/report.hbs) in a dialog and in a
 * chat message whispered to the GMs, so the result stays in the log after the dialog is closed.
 */
import { SYSTEM_ID } from "../constants.js";
import type { SelfTestCase, SelfTestReport } from "./runner.js";

const SELF_TEST_REPORT_TEMPLATE = `systems/${SYSTEM_ID}/templates/self-test/report.hbs`;

/** Template data of a report (a type alias: renderTemplate takes a string-keyed record). */
type SelfTestReportView = {
  summary: string;
  ok: boolean;
  failures: SelfTestCase[];
  cases: SelfTestCase[];
  labels: { failures: string; cases: string; passed: string; failed: string; pending: string };
};

/** The template data of a report. */
function reportView(report: SelfTestReport): SelfTestReportView {
  const i18n = game.i18n;
  return {
    summary: i18n.format("D20C.SelfTest.Summary", {
      passed: String(report.passed),
      failed: String(report.failed),
      pending: String(report.pending),
      seconds: (report.durationMs / 1000).toFixed(1),
    }),
    ok: report.failed === 0,
    failures: report.cases.filter((c) => c.state === "failed"),
    cases: report.cases,
    labels: {
      failures: i18n.localize("D20C.SelfTest.Failures"),
      cases: i18n.localize("D20C.SelfTest.Cases"),
      passed: i18n.localize("D20C.SelfTest.State.passed"),
      failed: i18n.localize("D20C.SelfTest.State.failed"),
      pending: i18n.localize("D20C.SelfTest.State.pending"),
    },
  };
}

/** Whisper the report to every GM and show it in a dialog. Returns the rendered HTML. */
export async function showReport(report: SelfTestReport): Promise<string> {
  const html = await foundry.applications.handlebars.renderTemplate(SELF_TEST_REPORT_TEMPLATE, reportView(report));
  const gmIds = game.users.filter((u) => u.isGM).map((u) => u.id ?? "");
  await ChatMessage.implementation.create({
    content: html,
    whisper: gmIds,
    speaker: { alias: game.i18n.localize("D20C.SelfTest.Title") },
  });
  // Not awaited: the dialog stays open until the GM closes it.
  void foundry.applications.api.DialogV2.prompt({
    window: { title: game.i18n.localize("D20C.SelfTest.Title") },
    content: html,
    position: { width: 720 },
  });
  return html;
}
