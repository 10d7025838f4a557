import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A link to a page, or an action; `danger` for the destructive one (in red). */
export type MenuItem = { key: string; label: string; danger?: boolean } & ({ to: string } | { onSelect: () => void });

const GAP_PX = 4;

/** Fixed placement: under the button, or above it when the screen ends too soon for the menu's height. */
function placeBeside(button: HTMLElement, menu: HTMLElement): void {
  const box = button.getBoundingClientRect();
  const fitsBelow = box.bottom + GAP_PX + menu.offsetHeight <= window.innerHeight;
  menu.style.right = `${document.documentElement.clientWidth - box.right}px`;
  menu.style.top = fitsBelow ? `${box.bottom + GAP_PX}px` : '';
  menu.style.bottom = fitsBelow ? '' : `${window.innerHeight - box.top + GAP_PX}px`;
}

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

/** Focuses the item at `index`, counted round (-1 is the last). */
function focusItem(menu: HTMLElement | null, index: number): void {
  const items = itemsOf(menu);
  items[(index + items.length) % items.length]?.focus({ preventScroll: true });
}

const WIDTHS = { sm: 'w-40', md: 'w-60' } as const;

interface MenuProps {
  /** The button's and the menu's accessible name. */
  label: string;
  /** What the button shows. */
  trigger: ReactNode;
  /** The button's own look (size, text), beside the shared hover and focus styles. */
  triggerClassName: string;
  /** Shown above the items, not focusable (e.g. the user's balance). */
  header?: ReactNode;
  items: readonly MenuItem[];
  width?: keyof typeof WIDTHS;
}

const itemClass = 'block w-full px-4 py-3 text-left text-sm hover:bg-brand-50 focus:bg-brand-50 focus:outline-none';

/**
 * The app's one menu button (WAI-ARIA menu pattern): Enter, Space or ↓ open it on the first
 * item, ↑ on the last; ↑/↓/Home/End move, Escape closes it and returns focus to the button, Tab
 * or a click outside closes it. Choosing an item gives focus back to the button (where a dialog
 * the item opens returns it). The menu is placed fixed beside the button, so that a scrolling
 * table does not clip it, and follows the button when the page scrolls.
 */
export function Menu({ label, trigger, triggerClassName, header, items, width = 'md' }: MenuProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  // Placed before the first paint, once the menu's height is known.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => buttonRef.current && menuRef.current && placeBeside(buttonRef.current, menuRef.current);
    place();
    focusItem(menuRef.current, open === 'first' ? 0 : -1);
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsideClick);
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const menu = menuRef.current;
    const index = itemsOf(menu).indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(menu, index + 1),
      ArrowUp: () => focusItem(menu, index - 1),
      Home: () => focusItem(menu, 0),
      End: () => focusItem(menu, -1),
      Escape: close,
      Tab: () => setOpen(false),
    };
    const move = moves[event.key];
    if (!move) return;
    if (event.key !== 'Tab') event.preventDefault();
    move();
  };

  return (
    <div ref={rootRef} className="inline-block text-left">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(open ? false : 'first')}
        onKeyDown={onButtonKeyDown}
        className={`rounded-md hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 ${triggerClassName}`}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={menuRef}
          className={`fixed z-30 ${WIDTHS[width]} max-w-[calc(100vw-2rem)] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg`}
        >
          {header && <div className="border-b border-slate-100 px-4 py-3">{header}</div>}
          <ul id={menuId} role="menu" aria-label={label} onKeyDown={onMenuKeyDown} className="py-1">
            {items.map((item) => {
              const className = `${itemClass} ${item.danger ? 'text-red-700' : 'text-slate-700'}`;
              return (
                <li key={item.key} role="none">
                  {'to' in item ? (
                    <Link to={item.to} role="menuitem" tabIndex={-1} className={className} onClick={close}>
                      {item.label}
                    </Link>
                  ) : (
                    <button
                      type="button"
                      role="menuitem"
                      tabIndex={-1}
                      className={className}
                      onClick={() => {
                        close();
                        item.onSelect();
                      }}
                    >
                      {item.label}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
