// The class grid's render time in headless Chromium against the scripted backend: a class
// profile of STUDENTS × UNITS (default 40 × 60) is created from the profile form and the
// time from "Create" to the grid's cells painted is measured, then (in the page) the time
// from clicking Class in the navigation, coming back from Models, to the grid painted,
// each RUNS times (default 5); prints JSON with
// the median and worst in milliseconds. Run: node scripts/bench-class-grid.mjs [40x60] [5]
import { openMockedUi } from "../tests/browser/harness.mjs";

const [size = "40x60", runs = "5"] = process.argv.slice(2);

/** In the page: clicks the navigation's Class button and resolves with the milliseconds
 * until a frame after the grid has a cell. */
function timeBackToClass(page) {
  return page.evaluate(async () => {
    const button = [...document.querySelectorAll("nav button")].find((b) => b.textContent.trim() === "Class");
    const start = performance.now();
    button.click();
    await new Promise((done) => {
      const check = () => (document.querySelector("table.class-grid td[aria-label]") ? requestAnimationFrame(() => done()) : requestAnimationFrame(check));
      check();
    });
    return performance.now() - start;
  });
}

const created = [];
const redrawn = [];
for (let run = 0; run < Number(runs); run++) {
  const ui = await openMockedUi({ width: 1440, height: 900 }, `?class=${size}`);
  const { page } = ui;
  const form = page.getByRole("form", { name: "New profile" });
  await form.getByLabel("Name of the new profile").fill("Bench class");
  await form.getByLabel("Kind of profile").selectOption("class");
  await form.getByLabel("PIN of the class (4 to 12 digits)").fill("1357");
  await page.evaluate(() => (window.__created = performance.now()));
  await form.getByRole("button", { name: "Create" }).click();
  await page.locator("table.class-grid td[aria-label]").first().waitFor();
  created.push(await page.evaluate(() => performance.now() - window.__created));
  await page.getByRole("navigation", { name: "Workspaces" }).getByRole("button", { name: "Models" }).click();
  await page.locator("table.class-grid").waitFor({ state: "detached" });
  redrawn.push(await timeBackToClass(page));
  await ui.close();
}
const summary = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]), worstMs: Math.round(sorted.at(-1)) };
};
console.log(JSON.stringify({ class: size, runs: Number(runs), createToGrid: summary(created), backToClassPage: summary(redrawn) }));
