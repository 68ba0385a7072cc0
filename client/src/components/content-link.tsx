import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link staff typed: a shop path navigates inside the app, an https address opens normally. */
export function ContentLink({
  to,
  className,
  children,
  ...rest
}: {
  to: string;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  tabIndex?: number;
}) {
  return to.startsWith('/') ? (
    <Link to={to} className={className} {...rest}>
      {children}
    </Link>
  ) : (
    <a href={to} className={className} rel="noopener" {...rest}>
      {children}
    </a>
  );
}
