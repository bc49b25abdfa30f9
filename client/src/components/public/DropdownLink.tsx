import type { ComponentPropsWithRef } from 'react';
import { createLink } from '@tanstack/react-router';
import classes from './NavDropdown.module.css';

function DropdownAnchor({ className, ...props }: ComponentPropsWithRef<'a'>) {
  return (
    <li>
      <a className={className ? `${classes.link} ${className}` : classes.link} {...props} />
    </li>
  );
}

/** A link inside a NavDropdown: typed `to`, preloading on intent. */
export const DropdownLink = createLink(DropdownAnchor);
