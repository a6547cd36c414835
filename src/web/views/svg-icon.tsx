/**
 * One of antd's icons drawn as a plain inline SVG from its definition in
 * `@ant-design/icons-svg`, without the icon components' runtime (their context, their style
 * injection): for the views drawn without antd. Decorative: hidden from assistive technology.
 */
import type { IconDefinition } from '@ant-design/icons-svg/es/types';

export function SvgIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const node = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <svg
      className={className}
      viewBox={node.attrs.viewBox}
      width="1em"
      height="1em"
      fill="currentColor"
      focusable="false"
      aria-hidden="true"
    >
      {(node.children ?? []).map((child, i) => (
        <path key={i} d={child.attrs.d} />
      ))}
    </svg>
  );
}
