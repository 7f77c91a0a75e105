/** The Playshop mark: a bingo ball with a P. Decorative; the link around it carries the name. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="var(--mantine-color-brand-6)" />
      <circle cx="16" cy="16" r="9.5" fill="#fff" />
      <text
        x="16"
        y="20.6"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="13"
        fontWeight="700"
        fill="var(--mantine-color-brand-6)"
      >
        P
      </text>
    </svg>
  );
}
