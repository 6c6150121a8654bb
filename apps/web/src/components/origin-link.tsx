import { Link, useLocation, type LinkProps } from 'react-router';
import { originState } from '../lib/origin';

/** A link to a page with a back button (about, contact, terms, privacy): it tells the page where the user was. */
export function OriginLink({ to, ...rest }: LinkProps & { to: string }) {
  const location = useLocation();
  return <Link to={to} state={originState(location, to)} {...rest} />;
}
