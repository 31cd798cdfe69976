import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/site';
import { PATHS } from '../../config/paths';
import { AccountArea } from '../../features/auth/AccountArea';
import { useAuth } from '../../lib/auth/auth-context';
import styles from './Header.module.css';
import { ACCOUNT_MENU, NAV_GROUPS, type NavGroup } from './navigation';
import { useCompactWhenCrowded } from './useCompactWhenCrowded';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.link} ${styles.active}` : styles.link;

/** The shared navigation bar (docs/product.md#screens-and-routes). */
export function Header() {
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on, so navigating closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const navId = useId();
  const { user } = useAuth();
  const bar = useRef<HTMLDivElement>(null);
  const compact = useCompactWhenCrowded(bar, `${user?.role ?? ''} ${user?.displayName || user?.email || ''}`);

  return (
    <header className={compact ? `${styles.header} ${styles.compact}` : styles.header}>
      <div ref={bar} className={`container ${styles.bar}`}>
        <Link to={PATHS.home} className={styles.brand}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {PRODUCT_NAME}
        </Link>
        <button
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpenAt(menuOpen ? null : pathname)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
        <nav
          id={navId}
          aria-label="Main"
          className={menuOpen ? `${styles.nav} ${styles.navOpen}` : styles.nav}
        >
          <ul className={styles.list}>
            <li>
              <NavLink to={PATHS.home} end className={linkClass}>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to={PATHS.pricing} className={linkClass}>
                Pricing
              </NavLink>
            </li>
            {NAV_GROUPS.map((group) => (
              <NavMenu key={group.label} group={group} />
            ))}
            <li>
              <NavLink to={PATHS.whyBacktesting} className={linkClass}>
                Why Backtesting
              </NavLink>
            </li>
            <li>
              <NavLink to={PATHS.simulator} className={linkClass}>
                Simulator
              </NavLink>
            </li>
            {user && <NavMenu group={ACCOUNT_MENU} />}
            {user?.role === 'admin' && (
              <li>
                <NavLink to={PATHS.admin} className={linkClass}>
                  Admin
                </NavLink>
              </li>
            )}
          </ul>
          <div className={styles.account}>
            <AccountArea />
          </div>
        </nav>
      </div>
    </header>
  );
}

/** A disclosure menu: a button that shows or hides a group of links. */
function NavMenu({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const setOpen = (isOpen: boolean) => setOpenAt(isOpen ? pathname : null);
  const menuId = useId();
  const containerRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  return (
    <li
      ref={containerRef}
      className={styles.group}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          containerRef.current?.querySelector('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        className={styles.groupButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {group.label}
        <span aria-hidden="true">&nbsp;▾</span>
      </button>
      <ul id={menuId} className={styles.submenu} hidden={!open}>
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={linkClass}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
