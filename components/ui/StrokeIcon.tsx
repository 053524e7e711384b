import type { ReactNode } from "react";

interface StrokeIconProps {
  /** The path of a one-path icon; several shapes go in `children`. */
  d?: string;
  children?: ReactNode;
  className?: string;
  strokeWidth?: number;
  /** Which stroke ends and corners are rounded. */
  round?: "cap" | "join" | "both";
}

/**
 * A 24×24 line icon drawn in the text colour: the svg attributes the app's icons share.
 * Decorative (aria-hidden): the control it sits in carries the label.
 */
export function StrokeIcon({ d, children, className = "h-4 w-4", strokeWidth = 2, round = "both" }: StrokeIconProps) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap={round === "join" ? undefined : "round"}
      strokeLinejoin={round === "cap" ? undefined : "round"}
    >
      {d ? <path d={d} /> : children}
    </svg>
  );
}
