import { createElement, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

/** the definitions write SVG attributes as in markup (`fill-rule`); React wants them camelCased */
const props = (attrs: AbstractNode['attrs']) =>
  Object.fromEntries(
    Object.entries(attrs).map(([k, v]) => [k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  );

function render(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...props(node.attrs) }, node.children?.map(render));
}

/**
 * An Ant Design icon drawn from its SVG definition alone: the same shapes as the app's icons
 * without @ant-design/icons' runtime, for the pages that load without Ant Design. Decorative.
 */
export function SvgIcon({ icon }: { icon: IconDefinition }) {
  if (typeof icon.icon === 'function') return null;
  const { attrs, children } = icon.icon;
  return (
    <span className="pub-icon" aria-hidden>
      {createElement(
        'svg',
        { ...props(attrs), width: '1em', height: '1em', fill: 'currentColor' },
        children?.map(render),
      )}
    </span>
  );
}
