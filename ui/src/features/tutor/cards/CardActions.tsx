import type { ReactNode } from "react";

/** The bottom-right button row of a card: secondary buttons first, the primary last. */
export function CardActions({ children }: { children: ReactNode }) {
  return <div className="card-actions">{children}</div>;
}
