import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface RowAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** Fixed placement: under the button, or above it when the screen ends too soon. */
type MenuPosition = { right: number } & ({ top: number } | { bottom: number });

/** Room one item takes (py-2 and a line of text), to decide whether the menu fits below. */
const ITEM_HEIGHT_PX = 40;

function placeBeside(button: HTMLElement, itemCount: number): MenuPosition {
  const box = button.getBoundingClientRect();
  const right = document.documentElement.clientWidth - box.right;
  const fitsBelow = box.bottom + 4 + itemCount * ITEM_HEIGHT_PX + 8 <= window.innerHeight;
  return fitsBelow ? { top: box.bottom + 4, right } : { bottom: window.innerHeight - box.top + 4, right };
}

/**
 * A row's '⋮' menu button (the menu-button pattern): Enter, Space or ↓ open it on the first
 * item, ↑/↓/Home/End move, Escape closes it and returns focus to the button, Tab or a click
 * outside closes it. The menu is placed fixed beside the button so that a scrolling table
 * does not clip it.
 */
export function RowActionsMenu({ label, actions }: { label: string; actions: readonly RowAction[] }) {
  const [position, setPosition] = useState<MenuPosition | null>(null);
  const open = position !== null;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const itemCount = actions.length;

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus({ preventScroll: true });
  };

  const openMenu = () => setPosition(placeBeside(buttonRef.current!, itemCount));
  const close = () => setPosition(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus({ preventScroll: true });
    const dismissOnOutsideClick = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setPosition(null);
    };
    // The menu follows its button when the page or the table scrolls.
    const follow = () => buttonRef.current && setPosition(placeBeside(buttonRef.current, itemCount));
    document.addEventListener('pointerdown', dismissOnOutsideClick);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('resize', follow);
    return () => {
      document.removeEventListener('pointerdown', dismissOnOutsideClick);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('resize', follow);
    };
  }, [open, itemCount]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const index = items().indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(index + 1),
      ArrowUp: () => focusItem(index - 1),
      Home: () => focusItem(0),
      End: () => focusItem(-1),
      Escape: () => {
        close();
        buttonRef.current?.focus();
      },
      Tab: close,
    };
    const move = moves[event.key];
    if (!move) return;
    if (event.key !== 'Tab') event.preventDefault();
    move();
  };

  return (
    <div className="inline-block text-left">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close() : openMenu())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            openMenu();
          }
        }}
        className="rounded-md px-2 py-1 text-xl leading-none text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span aria-hidden>⋮</span>
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          style={position}
          className="fixed z-30 w-40 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {actions.map((action) => (
            <li key={action.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close();
                  // A dialog the action opens gives focus back to the menu button when it closes.
                  buttonRef.current?.focus();
                  action.onSelect();
                }}
                className={`block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none ${action.danger ? 'text-red-700' : 'text-slate-800'}`}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
