import { describe, expect, it } from "vitest";
import type { LearningPath } from "../../../bindings";
import { NODE, layoutPath } from "./layoutPath";

const unit = (unitId: string) => ({ unitId, title: unitId, masteryTier: "none" as const, blocked: false, isFocus: false });
const path: LearningPath = {
  courseId: "c",
  courseTitle: "C",
  units: ["A", "B", "C", "D"].map(unit),
  edges: [
    { from: "A", to: "B" },
    { from: "B", to: "C" },
    { from: "A", to: "D" },
    { from: "Z", to: "D" },
  ],
};

describe("layoutPath", () => {
  it("puts every prerequisite left of what needs it, without overlapping boxes", () => {
    const layout = layoutPath(path);
    const at = new Map(layout.units.map((u) => [u.unitId, u]));
    for (const edge of layout.edges) expect(at.get(edge.from)!.x).toBeLessThan(at.get(edge.to)!.x);
    for (const a of layout.units)
      for (const b of layout.units)
        if (a !== b) expect(Math.abs(a.x - b.x) >= NODE.width || Math.abs(a.y - b.y) >= NODE.height).toBe(true);
    expect(layout.width).toBeGreaterThan(2 * NODE.width);
  });

  it("drops edges to units outside the course", () => {
    expect(layoutPath(path).edges.map((e) => `${e.from}>${e.to}`)).toEqual(["A>B", "B>C", "A>D"]);
  });
});
