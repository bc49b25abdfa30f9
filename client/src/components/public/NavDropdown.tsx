// A disclosure dropdown for site navigation (the WAI-ARIA "disclosure navigation" pattern): a
// button with aria-expanded that shows a list of links. Click, Enter or Space toggles it, the
// arrow keys move between its links, Escape closes it and returns focus to the button, and it
// closes when focus or a click leaves it or a link is followed. It needs no positioning library,
// so the header stays light.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, type ButtonProps, Paper } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import classes from './NavDropdown.module.css';

type NavDropdownProps = {
  label: ReactNode;
  /** The links, each an <a> (e.g. DropdownLink). */
  children: ReactNode;
  buttonProps?: ButtonProps & { leftSection?: ReactNode };
  /** Opens on mouse hover too (header), besides click and keyboard. */
  openOnHover?: boolean;
  align?: 'left' | 'center';
};

export function NavDropdown({ label, children, buttonProps, openOnHover = false, align = 'left' }: NavDropdownProps) {
  const [opened, setOpened] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!opened) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpened(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [opened]);

  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>(`[id="${panelId}"] a`) ?? []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && opened) {
      event.preventDefault();
      setOpened(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const moveFocus = () => {
      const items = links();
      if (items.length === 0) return;
      const current = items.indexOf(document.activeElement as HTMLAnchorElement);
      const next =
        current === -1 ? (step === 1 ? 0 : items.length - 1) : (current + step + items.length) % items.length;
      items[next].focus();
    };
    if (opened) {
      moveFocus();
    } else {
      // Wait for the panel to show before moving focus into it.
      setOpened(true);
      requestAnimationFrame(moveFocus);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only closes on focus-out and opens on hover; the button inside is the control
    <div
      ref={rootRef}
      className={classes.root}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpened(false);
      }}
      onMouseEnter={openOnHover ? () => setOpened(true) : undefined}
      onMouseLeave={openOnHover ? () => setOpened(false) : undefined}
    >
      <Button
        ref={buttonRef}
        aria-expanded={opened}
        aria-controls={panelId}
        onClick={(event) =>
          // A mouse click on an already hovered-open dropdown keeps it open; Enter/Space (detail 0) toggles.
          setOpened((o) => (openOnHover && event.detail > 0 ? true : !o))
        }
        rightSection={
          <IconChevronDown size={14} aria-hidden className={opened ? classes.chevronOpen : classes.chevron} />
        }
        {...buttonProps}
      >
        {label}
      </Button>
      <Paper
        id={panelId}
        hidden={!opened}
        shadow="md"
        withBorder
        radius="md"
        p={4}
        className={align === 'center' ? `${classes.panel} ${classes.center}` : classes.panel}
        onClick={(event) => {
          // Following a link closes the dropdown.
          if ((event.target as HTMLElement).closest('a')) setOpened(false);
        }}
      >
        <ul className={classes.list}>{children}</ul>
      </Paper>
    </div>
  );
}
