import dagre from "@dagrejs/dagre";
import type { LearningPath } from "../../../bindings";

/** Size of a unit's box on the learning path, in pixels. */
export const NODE = { width: 176, height: 56 } as const;

/** A unit placed on the learning path: the centre of its box. */
export type PlacedUnit = { unitId: string; x: number; y: number };

/** The learning path laid out by dagre, prerequisites left of what needs them. */
export type PathLayout = {
  width: number;
  height: number;
  units: PlacedUnit[];
  edges: { from: string; to: string; points: { x: number; y: number }[] }[];
};

/** Lays out `path` with dagre (a maintained layered-graph layout): no coordinates are
 * hand-placed. */
export function layoutPath(path: LearningPath): PathLayout {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: "LR", nodesep: 24, ranksep: 56, marginx: 8, marginy: 8 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const unit of path.units) graph.setNode(unit.unitId, { width: NODE.width, height: NODE.height });
  const known = new Set(path.units.map((u) => u.unitId));
  const edges = path.edges.filter((e) => known.has(e.from) && known.has(e.to));
  for (const edge of edges) graph.setEdge(edge.from, edge.to);
  dagre.layout(graph);
  const size = graph.graph();
  return {
    width: Math.ceil(size.width ?? 0),
    height: Math.ceil(size.height ?? 0),
    units: path.units.map((u) => {
      const node = graph.node(u.unitId);
      return { unitId: u.unitId, x: node.x, y: node.y };
    }),
    edges: edges.map((e) => ({ from: e.from, to: e.to, points: graph.edge(e.from, e.to).points ?? [] })),
  };
}
