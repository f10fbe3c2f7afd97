/** An mdi icon as inline SVG (no icon font), decorative unless labelled: the DOM tree of icon-html.ts (icon.test.tsx). */
export function Icon({
  path,
  label,
  size = 24,
  className,
}: {
  path: string;
  label?: string;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={className}
      fill="currentColor"
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
      aria-label={label}
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}
