/**
 * Where a figure goes until the server's quote brings it: the same room as the figure (no layout jump when it
 * arrives), hidden from screen readers (the drawer says it is busy instead).
 */
export function PendingFigure({ width = '6.5ch' }: { width?: string }) {
  return <span className="pending-figure" style={{ width }} aria-hidden="true" />;
}
