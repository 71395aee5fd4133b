/**
 * What a GM or player would call wrong on a rendered screen, measured in the browser: text that
 * does not stand out from what is behind it, text cut off by its own box, parts of a row lying on
 * each other, rows of one list whose columns don't line up, a box or a choice with nothing in it, a control that doesn't look
 * clickable, prose touching the edge of its box, and (on a character's combat tab at the sheet's
 * default size) a number a player needs in play below the window's fold.
 *
 * Each check returns one line per fault, naming the element by its class and text, so a failure
 * reads as the fault. The frames are `[data-screen]` elements (see words-screens.test.ts).
 */
import type { Page } from "playwright-core";

export interface LookOptions {
  /** Per frame: the window's height (its fold) when the play-first check applies to it, else null. */
  folds: (number | null)[];
}

/** Contrast of normal text (WCAG AA), and of large or deliberately dimmed (spent, unequipped) text. */
const MIN_CONTRAST = 4.5;
const MIN_CONTRAST_LARGE = 3;

/** The elements a player must see without scrolling on a character's combat tab. */
const ABOVE_FOLD = [
  ".d20c-hp-summary",
  ".d20c-badge",
  ".d20c-attack-line",
  ".d20c-effect",
  ".d20c-resource-badge",
] as const;

/** Per frame, its faults. */
export function lookProblems(page: Page, options: LookOptions): Promise<string[][]> {
  return page.$$eval(
    "[data-screen]",
    (frames, { folds, minContrast, minLarge, aboveFold }) => {
      const parse = (c: string): [number, number, number, number] => {
        // a mixed colour computes to color(srgb r g b [/ a]) with channels from 0 to 1
        const srgb = c.match(/color\(srgb ([^)]+)\)/);
        if (srgb) {
          const p = srgb[1]!
            .split(/[\s/]+/)
            .filter(Boolean)
            .map(Number);
          return [p[0]! * 255, p[1]! * 255, p[2]! * 255, p[3] ?? 1];
        }
        const m = c.match(/rgba?\(([^)]+)\)/);
        if (!m) return [0, 0, 0, 0];
        const p = m[1]!
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number);
        return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
      };
      const over = (top: number[], under: number[]) => {
        const a = top[3]!;
        return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1);
      };
      const lum = (c: number[]) => {
        const ch = c.slice(0, 3).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
      };
      const ratio = (a: number[], b: number[]) => {
        const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
        return (l1! + 0.05) / (l2! + 0.05);
      };
      /** The colour behind an element: its own and its ancestors' backgrounds, laid over each other. */
      const backdrop = (el: Element): number[] => {
        const layers: number[][] = [];
        for (let e: Element | null = el; e; e = e.parentElement) {
          const bg = parse(getComputedStyle(e).backgroundColor);
          if (bg[3] > 0) layers.push(bg);
          if (bg[3] >= 1) break;
        }
        return layers.reduceRight((under, top) => over(top, under), [255, 255, 255, 1]);
      };
      const opacity = (el: Element) => {
        let o = 1;
        for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
        return o;
      };
      const shown = (el: Element) => {
        const r = el.getBoundingClientRect();
        // nothing drawn, or text kept for screen readers only
        if (r.width <= 1 || r.height <= 1) return false;
        // inside a folded details only its summary is drawn
        if (el.parentElement?.closest("details:not([open])") && !el.closest("summary")) return false;
        const s = getComputedStyle(el);
        return s.visibility !== "hidden" && s.display !== "none";
      };
      const nameOf = (el: Element) => {
        const cls = [...el.classList].find((c) => c.startsWith("d20c-")) ?? el.tagName.toLowerCase();
        const text = (el instanceof HTMLInputElement ? el.value : (el.textContent ?? "")).trim().replace(/\s+/g, " ");
        return `${cls} "${text.slice(0, 40)}"`;
      };
      const ownText = (el: Element) =>
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "");
      const canvas = document.createElement("canvas").getContext("2d")!;
      const textWidth = (el: Element, text: string) => {
        const s = getComputedStyle(el);
        canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        return canvas.measureText(text).width;
      };

      return frames.map((f, i) => {
        const out: string[] = [];
        const content = f.querySelector(".window-content")!;
        const all = [...content.querySelectorAll("*")].filter(shown);

        // text against what is behind it
        for (const el of all) {
          const field = el instanceof HTMLInputElement || el instanceof HTMLSelectElement;
          if (!field && !ownText(el)) continue;
          if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.value === "")) continue;
          const s = getComputedStyle(el);
          const ink = parse(s.color);
          const bg = backdrop(el);
          const dim = opacity(el);
          const seen = over([ink[0], ink[1], ink[2], ink[3] * dim], bg);
          const size = parseFloat(s.fontSize);
          const large = size >= 24 || (size >= 18.5 && Number(s.fontWeight) >= 700) || dim < 1;
          const r = ratio(seen, bg);
          if (r < (large ? minLarge : minContrast)) out.push(`contrast ${r.toFixed(2)}: ${nameOf(el)}`);
        }

        // text cut off by its own box: a field whose value is wider than it, a clipping box
        for (const el of all) {
          if (el instanceof HTMLSelectElement && !el.multiple) {
            if (el.options.length === 0) out.push(`empty choice: ${nameOf(el)}`);
            const text = el.selectedOptions[0]?.text ?? "";
            const st = getComputedStyle(el);
            // padding and the arrow; a select drawn without its arrow (read as print) only its padding
            const room =
              st.appearance === "none"
                ? el.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight)
                : el.clientWidth - 24;
            if (textWidth(el, text) > room + 1) out.push(`cut off: ${nameOf(el)} shows "${text}"`);
          } else if (el instanceof HTMLInputElement && (el.type === "text" || el.type === "number")) {
            const s = getComputedStyle(el);
            const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
            if (textWidth(el, el.value) > room + 1) out.push(`cut off: ${nameOf(el)}`);
          } else if (ownText(el)) {
            const s = getComputedStyle(el);
            // a word cut short on purpose (an ellipsis) whose whole text its hover title gives is read, not lost
            const whole = (el.textContent ?? "").trim();
            const titled =
              s.textOverflow === "ellipsis" && (el.closest("[title]")?.getAttribute("title") ?? "").includes(whole);
            if (!titled && s.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1)
              out.push(`cut off: ${nameOf(el)}`);
          }
        }

        // a count with nothing to count (0 of 0) is an empty box
        for (const badge of [...content.querySelectorAll(".d20c-resource-badge")].filter(shown))
          if (/^0\s*\/\s*0$/.test(badge.querySelector(".d20c-badge-value")?.textContent?.trim() ?? ""))
            out.push(`nothing to count: ${nameOf(badge)}`);

        // a numbered or bulleted list whose only item says it is empty
        for (const el of content.querySelectorAll("ol, ul")) {
          const only = el.children.length === 1 ? el.children[0]! : null;
          const marked =
            only && getComputedStyle(only).display === "list-item" && getComputedStyle(only).listStyleType !== "none";
          if (marked && only.classList.contains("d20c-empty")) out.push(`numbered empty list: ${nameOf(el)}`);
        }

        // the parts of a row, a badge row and the HP box never lie on each other
        for (const row of [...content.querySelectorAll(".d20c-item, .d20c-badges, .d20c-hp, .d20c-header")].filter(
          shown,
        )) {
          const parts = [...row.children].filter(shown).map((e) => [e, e.getBoundingClientRect()] as const);
          for (const [i, [a, ra]] of parts.entries())
            for (const [b, rb] of parts.slice(i + 1)) {
              const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
              const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
              if (w > 1 && h > 1) out.push(`overlap: ${nameOf(a)} and ${nameOf(b)}`);
            }
        }

        // the HP summary shares its line with the box's title, its inputs or its bar, never a line to itself
        for (const hp of [...content.querySelectorAll(".d20c-hp")].filter(shown)) {
          const summary = hp.querySelector(".d20c-hp-summary");
          if (!summary || !shown(summary)) continue;
          const r = summary.getBoundingClientRect();
          const beside = [...hp.querySelectorAll(".d20c-hp-title, .d20c-hp-bar, .d20c-hp-inputs > *")]
            .filter(shown)
            .some((e) => {
              const o = e.getBoundingClientRect();
              return Math.min(o.bottom, r.bottom) - Math.max(o.top, r.top) > 1;
            });
          if (!beside) out.push(`a line to itself: ${nameOf(summary)}`);
        }

        // a meta line's dot never starts a line: a part that wrapped keeps its dot out of sight
        for (const meta of [...content.querySelectorAll(".d20c-item-meta, .d20c-stat-traits")].filter(shown)) {
          const box = meta.getBoundingClientRect();
          const clips = getComputedStyle(meta).overflowX !== "visible";
          const parts = [...meta.children].filter(shown);
          for (const part of parts.slice(1)) {
            const dot = getComputedStyle(part, "::before");
            if (dot.content === "none" || dot.content === "normal") continue;
            const r = part.getBoundingClientRect();
            const x = dot.position === "absolute" ? r.left + parseFloat(dot.left) : r.left;
            const startsLine = r.left - box.left < 2;
            if (startsLine && !(clips && x < box.left))
              out.push(`a line starting with a dot: ${nameOf(part)} in ${nameOf(meta)}`);
          }
        }

        // rows of one list line up: each column starts at the same x in every row
        for (const list of content.querySelectorAll(".d20c-attack-list, .d20c-procedures")) {
          for (const col of [".d20c-attack-line", ".d20c-attack-damage", ".d20c-procedure__result"]) {
            const xs = [...list.querySelectorAll(`:scope > li > ${col}`)]
              .filter(shown)
              .map((e) => Math.round(e.getBoundingClientRect().left));
            if (new Set(xs).size > 1) out.push(`misaligned ${col} in ${nameOf(list)}: ${xs.join(", ")}`);
          }
        }

        // a control looks and acts clickable
        for (const el of all)
          if (el.matches("button, [data-action], summary") && getComputedStyle(el).cursor !== "pointer")
            out.push(`no pointer: ${nameOf(el)}`);

        // prose sits inside its box, not on its edge
        for (const box of [...content.querySelectorAll(".d20c-editor, .d20c-enriched")].filter(shown)) {
          const b = box.getBoundingClientRect();
          for (const p of [...box.querySelectorAll("p, h1, h2, h3, h4, li")].filter(shown)) {
            const r = p.getBoundingClientRect();
            if (r.left - b.left < 4 || b.right - r.right < 4 || r.top - b.top < 2)
              out.push(`on the edge: ${nameOf(p)} in ${nameOf(box)}`);
          }
        }

        // play first: what a player needs mid-fight is above the fold
        const fold = folds[i];
        if (fold != null) {
          const top = f.getBoundingClientRect().top;
          for (const sel of aboveFold)
            for (const el of content.querySelectorAll(sel)) {
              if (!shown(el)) continue;
              const below = el.getBoundingClientRect().bottom - top - fold;
              if (below > 0) out.push(`below the fold by ${Math.round(below)}px: ${nameOf(el)}`);
            }
        }
        return out;
      });
    },
    { folds: options.folds, minContrast: MIN_CONTRAST, minLarge: MIN_CONTRAST_LARGE, aboveFold: [...ABOVE_FOLD] },
  );
}
