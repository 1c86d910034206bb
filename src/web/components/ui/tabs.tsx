import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs after the WAI-ARIA pattern (automatic activation): one tab stop, ←/→ and Home/End move
 * and select, the active panel only is rendered. Written here rather than Radix's Tabs, whose
 * roving-focus code was 8 kB gzip of the admin page's first load (docs/decisions/0022).
 * `data-state="active"` on the active tab, as Radix set it, for the styles.
 */
export function Tabs({
  label,
  items,
  listClassName,
  tabClassName,
  panelClassName,
}: {
  label: string;
  items: TabItem[];
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
}) {
  const id = useId();
  const [active, setActive] = useState(items[0]?.value);
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (value: string) => `${id}-tab-${value}`;
  const panelId = (value: string) => `${id}-panel-${value}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.value === active);
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = items[(target + items.length) % items.length]!;
    setActive(next.value);
    tabs.current.get(next.value)?.focus();
  };

  const current = items.find((item) => item.value === active);
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className={listClassName}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const selected = item.value === active;
          return (
            <button
              key={item.value}
              ref={(node) => {
                if (node) tabs.current.set(item.value, node);
                else tabs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={selected}
              aria-controls={panelId(item.value)}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? 'active' : 'inactive'}
              className={tabClassName}
              onClick={() => setActive(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={panelId(current.value)}
          aria-labelledby={tabId(current.value)}
          tabIndex={0}
          className={panelClassName}
        >
          {current.content}
        </div>
      )}
    </div>
  );
}
