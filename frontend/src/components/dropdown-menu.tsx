import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

export type MenuItem = { key: string; label: string } & ({ to: string } | { onSelect: () => void });

interface DropdownMenuProps {
  /** What the button shows. */
  trigger: ReactNode;
  /** The button's accessible name. */
  label: string;
  /** Shown above the items, not focusable (e.g. the user's balance). */
  header?: ReactNode;
  items: MenuItem[];
}

const itemClass = 'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-brand-50 focus:bg-brand-50 focus:outline-none';

/** A menu button (WAI-ARIA menu pattern): arrows move between items, Escape closes, focus returns to the button. */
export function DropdownMenu({ trigger, label, header, items }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const focusOnOpen = useRef<'first' | 'last'>('first');

  useEffect(() => {
    if (!open) return;
    itemRefs.current[focusOnOpen.current === 'first' ? 0 : items.length - 1]?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open, items.length]);

  const openAt = (position: 'first' | 'last') => {
    focusOnOpen.current = position;
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const focused = itemRefs.current.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => itemRefs.current[(index + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        moveTo(focused + 1);
        break;
      case 'ArrowUp':
        moveTo(focused - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(items.length - 1);
        break;
      case 'Escape':
        close();
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {trigger}
      </button>
      {open && (
        <div className="absolute right-0 z-50 mt-1 w-60 max-w-[calc(100vw-2rem)] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg">
          {header && <div className="border-b border-slate-100 px-4 py-3">{header}</div>}
          <ul id={menuId} role="menu" aria-label={label} onKeyDown={onMenuKeyDown} className="py-1">
            {items.map((item, index) => (
              <li key={item.key} role="none">
                {'to' in item ? (
                  <Link
                    ref={(element) => {
                      itemRefs.current[index] = element;
                    }}
                    to={item.to}
                    role="menuitem"
                    tabIndex={-1}
                    className={itemClass}
                    onClick={() => setOpen(false)}
                  >
                    {item.label}
                  </Link>
                ) : (
                  <button
                    ref={(element) => {
                      itemRefs.current[index] = element;
                    }}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={itemClass}
                    onClick={() => {
                      setOpen(false);
                      item.onSelect();
                    }}
                  >
                    {item.label}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
