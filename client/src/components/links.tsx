// Mantine components that navigate through the router: typed `to`, preloading on intent.
// Each link is built with a /* @__PURE__ */ createLink, so a page that does not use one (e.g. the
// Menu-based MenuItemLink) does not carry its Mantine component in its bundle.
import {
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  Menu,
  type MenuItemProps,
  NavLink,
  type NavLinkProps,
} from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

type AnchorBaseProps = AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>;
function AnchorBase(props: AnchorBaseProps) {
  return <Anchor component="a" {...props} />;
}

type ButtonBaseProps = ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>;
function ButtonBase(props: ButtonBaseProps) {
  return <Button component="a" {...props} />;
}

type NavLinkBaseProps = NavLinkProps & Omit<ComponentPropsWithRef<'a'>, keyof NavLinkProps>;
function NavLinkBase(props: NavLinkBaseProps) {
  // The router marks the current page's links with data-status="active".
  const isCurrent = (props as Record<string, unknown>)['data-status'] === 'active';
  return <NavLink component="a" active={isCurrent} {...props} />;
}

/** A text link. */
export const AnchorLink = /* @__PURE__ */ createLink(AnchorBase);
/** A button that is a link. */
export const ButtonLink = /* @__PURE__ */ createLink(ButtonBase);
/** A side-navigation entry, highlighted while its route is active (see `activeOptions`). */
export const NavLinkLink = /* @__PURE__ */ createLink(NavLinkBase);

type MenuItemBaseProps = MenuItemProps & Omit<ComponentPropsWithRef<'a'>, keyof MenuItemProps>;
function MenuItemBase(props: MenuItemBaseProps) {
  return <Menu.Item component="a" {...props} />;
}
/** A dropdown menu entry that navigates. */
export const MenuItemLink = /* @__PURE__ */ createLink(MenuItemBase);
